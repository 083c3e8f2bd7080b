import { z } from "zod";

/**
 * Passkeys as the self-service routes take and answer them (docs/decisions/0021). Pure zod, shared by the
 * routes, the OpenAPI document and the security page.
 */

/** How many passkeys one member may keep: enough for every phone, laptop and security key they own. */
export const MAX_PASSKEYS = 20;
export const PASSKEY_NAME_MAX = 60;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64URL_MESSAGE = "must be base64url (A-Z, a-z, 0-9, - and _, no padding)";

/** A base64url field of at most `max` characters (sizes from WebAuthn Level 3, with room to spare). */
const base64url = (max: number) =>
  z
    .string({ error: BASE64URL_MESSAGE })
    .min(1, BASE64URL_MESSAGE)
    .max(max, `must be at most ${max} characters`)
    .regex(BASE64URL, BASE64URL_MESSAGE);

const NAME_MESSAGE = `must be 1 to ${PASSKEY_NAME_MAX} characters`;

/** The member's name for a passkey: trimmed, 1–60 characters, no control characters. */
export const passkeyNameSchema = z
  .string({ error: NAME_MESSAGE })
  .max(200, NAME_MESSAGE)
  .transform((name) => name.trim())
  .pipe(
    z
      .string()
      .min(1, NAME_MESSAGE)
      .max(PASSKEY_NAME_MAX, NAME_MESSAGE)
      // Control characters (C0, DEL, C1) and the line and paragraph separators are refused.
      .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/, "must not contain control characters"),
  );

export const PASSKEY_TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

/**
 * What `@simplewebauthn/browser`'s startRegistration answers (WebAuthn's RegistrationResponseJSON), checked
 * field by field before the library reads it. A credential id is at most 1023 bytes (1364 base64url
 * characters); the attestation object with attestation `none` holds the public key and little else.
 */
export const registrationResponseSchema = z
  .object(
    {
    id: base64url(1364),
    rawId: base64url(1364),
    type: z.literal("public-key", { error: 'must be "public-key"' }),
    response: z
      .object({
        clientDataJSON: base64url(4096),
        attestationObject: base64url(16384),
        authenticatorData: base64url(16384).optional(),
        transports: z
          .array(z.enum(PASSKEY_TRANSPORTS, { error: `must be one of ${PASSKEY_TRANSPORTS.join(", ")}` }), { error: "must be a list" })
          .max(PASSKEY_TRANSPORTS.length)
          .optional(),
        publicKeyAlgorithm: z.number().int().min(-65536).max(65536).optional(),
        publicKey: base64url(8192).optional(),
      })
      .strict(),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    // Extension outputs the browser chose to report (credProps, ...): read by nobody, so only bounded.
    clientExtensionResults: z
      .record(z.string().max(64), z.unknown())
      .refine((results) => Object.keys(results).length <= 16, "must have at most 16 entries"),
    },
    { error: "must be the browser's registration response (RegistrationResponseJSON)" },
  )
  .strict()
  .refine((credential) => credential.id === credential.rawId, { message: "must equal id", path: ["rawId"] });
export type RegistrationResponseBody = z.output<typeof registrationResponseSchema>;

/** POST /api/v1/users/me/passkeys: the browser's answer, and the member's name for the passkey. */
export const createPasskeyBodySchema = z
  .object({ name: passkeyNameSchema.optional(), response: registrationResponseSchema })
  .strict()
  .meta({ id: "CreatePasskeyBody" });
export type CreatePasskeyBody = z.output<typeof createPasskeyBodySchema>;

/** PATCH /api/v1/users/me/passkeys/{id}: a new name. */
export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema }).strict().meta({ id: "RenamePasskeyBody" });
export type RenamePasskeyBody = z.output<typeof renamePasskeyBodySchema>;

const passkeyFields = {
  id: z.uuid(),
  name: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable().meta({ description: "When it last signed the member in; null if never." }),
  synced: z.boolean().meta({ description: "A synced passkey (backup eligible: a password manager or phone account keeps it); false: it stays on one device or security key." }),
  backed_up: z.boolean().meta({ description: "Whether it is backed up now (always false when not synced)." }),
  transports: z.array(z.string()).meta({ description: "How the browser reached the authenticator (internal, hybrid, usb, nfc, ble...), as it reported." }),
};

export const PasskeySchema = z.object(passkeyFields).meta({ id: "Passkey" });
export type PasskeyView = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) }).meta({ id: "PasskeyList" });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** DELETE answers the passkey as it was, with `status: removed` (decisions.md part 2: DELETEs answer the changed record). */
export const RemovedPasskeySchema = z.object({ ...passkeyFields, status: z.literal("removed") }).meta({ id: "RemovedPasskey" });
export type RemovedPasskey = z.infer<typeof RemovedPasskeySchema>;

/**
 * The registration options (WebAuthn's PublicKeyCredentialCreationOptionsJSON), described loosely: the
 * browser library reads them, and their shape is the standard's, not ours.
 */
export const PasskeyRegistrationOptionsSchema = z
  .object({
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() })).optional(),
    authenticatorSelection: z
      .object({ residentKey: z.string().optional(), requireResidentKey: z.boolean().optional(), userVerification: z.string().optional(), authenticatorAttachment: z.string().optional() })
      .optional(),
    attestation: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  // Passed to the browser as it came: a field a later version of the standard adds must not be dropped.
  .loose()
  .meta({ id: "PasskeyRegistrationOptions", description: "WebAuthn PublicKeyCredentialCreationOptionsJSON: pass it to navigator.credentials.create (e.g. @simplewebauthn/browser startRegistration)." });
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptionsSchema>;
