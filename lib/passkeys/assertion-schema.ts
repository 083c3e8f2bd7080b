import { z } from "zod";

/**
 * A passkey's answer to a sign-in challenge (WebAuthn's AuthenticationResponseJSON), as the page posts it in
 * the `credential` field: JSON text, checked field by field before the library sees it. Bounds are generous
 * for real authenticators (a P-256 signature is ~72 bytes, authenticator data tens, client data a few
 * hundred) and keep a hostile body small.
 */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, "must be base64url");

export const passkeyAssertionSchema = z
  .object({
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal("public-key"),
    response: z
      .object({
        clientDataJSON: base64url(4000),
        authenticatorData: base64url(4000),
        signature: base64url(2000),
        userHandle: base64url(200).optional(),
      })
      .strip(),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .strip();
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** The `credential` form field: JSON text holding a passkey assertion. */
export const passkeyCredentialField = z
  .string()
  .min(2)
  .max(12_000)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "must be the passkey's answer, as JSON" });
      return z.NEVER;
    }
  })
  .pipe(passkeyAssertionSchema);
