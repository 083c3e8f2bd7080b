import { z } from "zod";
import { emailSchema, familyNameSchema, givenNameSchema, newPasswordSchema } from "../accounts/schemas.ts";
import { churchNameSchema, countrySchema, MailServerSchema, mailServerFields, refuseClearPassword, timeZoneSchema } from "../church-settings/schemas.ts";

/**
 * The setup wizard's calls (issue 39): pure zod, shared by the routes, the OpenAPI document and the /setup page.
 * Each carries the setup address's token: the proof that whoever calls runs the server.
 */
const token = z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/, "must be the token of the setup address").meta({ description: "The token of the setup address the server printed." });
const code = z.string().trim().regex(/^\d{6}$/, "must be the 6-digit code");

export const setupTokenBodySchema = z.strictObject({ token }).meta({ id: "SetupTokenBody" });

export const setupMailServerBodySchema = z
  .strictObject({ token, ...mailServerFields })
  .superRefine(refuseClearPassword)
  .meta({ id: "SetupMailServerBody", description: "The church's mail server; a private or loopback address is refused unless the operator allows them." });

export const setupTestEmailBodySchema = z.strictObject({ token, to: emailSchema }).meta({ id: "SetupTestEmailBody" });

export const setupEmailCodeBodySchema = z.strictObject({ token, email: emailSchema, given_name: givenNameSchema }).meta({ id: "SetupEmailCodeBody" });

export const setupAdministratorBodySchema = z
  .strictObject({
    token,
    church: z.strictObject({
      name: churchNameSchema,
      country: countrySchema,
      time_zone: timeZoneSchema,
      campus_name: z.string().trim().min(1, "enter the campus's name").max(100, "the campus's name must be at most 100 characters"),
    }),
    administrator: z.strictObject({
      given_name: givenNameSchema,
      family_name: familyNameSchema,
      email: emailSchema,
      password: newPasswordSchema,
      /** Needed when the server sends email: the code sent to `email`. */
      email_code: code.nullable().default(null),
    }),
  })
  .meta({ id: "SetupAdministratorBody" });
export type SetupAdministratorBody = z.output<typeof setupAdministratorBodySchema>;

export const setupCompleteBodySchema = z.strictObject({ token, code }).meta({ id: "SetupCompleteBody" });

export const SetupStateSchema = z
  .object({
    email_sending: z.boolean().meta({ description: "Whether the church can send email (a mail server saved, or the server's SMTP_URL): without it no code can reach the administrator." }),
    mail_server: MailServerSchema.nullable(),
    church: z.object({ name: z.string(), country: z.string(), time_zone: z.string() }),
  })
  .meta({ id: "SetupState" });
export type SetupState = z.output<typeof SetupStateSchema>;

export const SetupTwoStepSchema = z
  .object({ otpauth_url: z.string().meta({ description: "The authenticator app's `otpauth://` address, for a QR code." }) })
  .meta({ id: "SetupTwoStep" });

export const SetupDoneSchema = z
  .object({
    recovery_codes: z.array(z.string()),
    sign_in_url: z.string(),
  })
  .meta({ id: "SetupDone" });
