import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from "../passwords/password-policy.ts";
import { LOCALES } from "../kernel/locales.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/**
 * Field and form schemas of the sign-in, registration and password pages. Pure zod: the pages use the
 * limits and messages for their inputs, the form handlers parse with the same schemas. Every message is a
 * sentence a member can act on; FIELD_MESSAGES is the single source the pages show after a no-JS round trip.
 */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
/** The half-signed-in cookie and parked requests use ids of at most this length. */
export const REQUEST_ID_MAX_LENGTH = 64;

export const FIELD_MESSAGES = {
  email: "Enter your email address, like name@example.org.",
  password: "Enter your password.",
  new_password: `Choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
  given_name: "Enter your first name.",
  family_name: "Enter your last name.",
  nickname: "Enter the name you go by, or leave it empty.",
  code: "Enter the 6-digit code we sent you.",
  second_factor_code: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  decision: "Choose Allow or Deny.",
  request: "This sign-in link is not valid. Go back to the app and try again.",
  continue: "This link is not valid.",
  contact: "Enter a recovery contact you added: an email address, or a mobile number with its country code, like +14155550123.",
} as const;

/** Characters a name must not hold: control characters and angle brackets (names end up in emails). */
const UNSAFE_NAME = /[\p{Cc}\p{Cf}<>]/u;

export const emailSchema = z
  .string({ error: FIELD_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.email)
  .pipe(z.email({ error: FIELD_MESSAGES.email }));

/** A password being typed to sign in: any length we could have stored (old rules may have differed). */
export const currentPasswordSchema = z
  .string({ error: FIELD_MESSAGES.password })
  .min(1, FIELD_MESSAGES.password)
  .max(1024, FIELD_MESSAGES.password);

/**
 * A new password's length: 8-128 characters counted as the member sees them (an emoji is one), no
 * composition rules (NIST SP 800-63B). The lists of common passwords and the member's own words are checked
 * by the services that set it (lib/passwords/check-new-password.ts), which know whose password it is.
 */
export const newPasswordSchema = z
  .string({ error: FIELD_MESSAGES.new_password })
  .refine((password) => passwordLength(password) >= PASSWORD_MIN_LENGTH && passwordLength(password) <= PASSWORD_MAX_LENGTH, FIELD_MESSAGES.new_password);

function nameSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX_LENGTH, message)
    .refine((name) => !UNSAFE_NAME.test(name), message);
}
export const givenNameSchema = nameSchema(FIELD_MESSAGES.given_name);
export const familyNameSchema = nameSchema(FIELD_MESSAGES.family_name);
/** The name a member goes by ("Bob" for Robert): the name rules, or empty (sent as "" or null) for none. */
export const nicknameSchema = z.union([z.literal("").transform(() => null), z.null(), nameSchema(FIELD_MESSAGES.nickname)], { error: FIELD_MESSAGES.nickname });

/** A 6-digit code as people type it: spaces and dashes ("123 456") are dropped. */
export const sixDigitCodeSchema = z
  .string({ error: FIELD_MESSAGES.code })
  .transform((code) => code.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, FIELD_MESSAGES.code));

/** The second factor: a 6-digit TOTP code or a recovery code; told apart later by their shape. */
export const secondFactorCodeSchema = z
  .string({ error: FIELD_MESSAGES.second_factor_code })
  .trim()
  .min(6, FIELD_MESSAGES.second_factor_code)
  .max(64, FIELD_MESSAGES.second_factor_code);

/** An empty hidden field means "absent". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** The parked authorization request carried through the pages (`?request=`). */
export const requestIdSchema = optional(
  z.string({ error: FIELD_MESSAGES.request }).regex(/^[A-Za-z0-9_-]{1,64}$/, FIELD_MESSAGES.request),
);

/** A same-origin path to continue to; checked again by safeRelativePath before use. */
export const returnToSchema = optional(z.string().max(2000, FIELD_MESSAGES.continue));

export const signInBodySchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  request: requestIdSchema,
  return_to: returnToSchema,
});

/** "Email me a code": the address (from the sign-in form or the code page) and where to go afterwards. */
export const emailCodeBodySchema = z.object({
  email: emailSchema,
  request: requestIdSchema,
  return_to: returnToSchema,
});

/** The emailed code; the address, binding and destination come from the browser's sealed cookie. */
export const emailCodeVerifyBodySchema = z.object({
  code: sixDigitCodeSchema,
  request: requestIdSchema,
});

/** "Send a new code" on the code page: everything else is in the sealed cookie. */
export const emailCodeResendBodySchema = z.object({
  request: requestIdSchema,
});

export const secondFactorBodySchema = z.object({
  code: secondFactorCodeSchema,
  request: requestIdSchema,
});

export const registerBodySchema = z.object({
  given_name: givenNameSchema,
  family_name: familyNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  request: requestIdSchema,
});

export const verifyEmailBodySchema = z.object({
  email: emailSchema,
  code: sixDigitCodeSchema,
  request: requestIdSchema,
});

export const resendVerificationBodySchema = z.object({
  request: requestIdSchema,
});

export const forgotPasswordBodySchema = z.object({
  email: emailSchema,
  /**
   * A verified recovery contact to send the code to instead of the account's address, typed in full (an
   * email address, or a phone number in international format); the route reads it as a contact value.
   */
  contact: optional(z.string({ error: FIELD_MESSAGES.contact }).trim().max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.contact)),
  request: requestIdSchema,
});

export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  code: sixDigitCodeSchema,
  password: newPasswordSchema,
  request: requestIdSchema,
});

/**
 * The sign-out form: where to continue on this site, or the app to go back to after an RP-initiated logout
 * (client_id, post_logout_redirect_uri, state: checked again against the client's registration before use,
 * lib/oauth/end-session.ts).
 */
export const signOutBodySchema = z.object({
  continue: returnToSchema,
  client_id: optional(z.string().max(128)),
  post_logout_redirect_uri: optional(z.string().max(2000)),
  state: optional(z.string().max(4096)),
});

/** The language switcher (issue 41): a language we offer, and the page to go back to. */
export const chooseLocaleBodySchema = z.object({
  locale: z.enum(LOCALES, { error: "choose one of the languages offered" }),
  back_to: returnToSchema,
});

export type SignInBody = z.output<typeof signInBodySchema>;
export type SecondFactorBody = z.output<typeof secondFactorBodySchema>;
export type RegisterBody = z.output<typeof registerBodySchema>;
export type VerifyEmailBody = z.output<typeof verifyEmailBodySchema>;
export type ForgotPasswordBody = z.output<typeof forgotPasswordBodySchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;
