import { z } from "zod";

/**
 * Consents: the consent screen's form, and the Consent record as the self-service routes answer it
 * (interface.md: id, scopes, status, granted_at). Pure zod, shared by pages and routes.
 */
export const CONSENT_STATUS = { granted: "granted", revoked: "revoked" } as const;
export type ConsentStatus = (typeof CONSENT_STATUS)[keyof typeof CONSENT_STATUS];

export const consentDecisionBodySchema = z.object({
  request: z.string({ error: "This sign-in link is not valid. Go back to the app and try again." }).regex(/^[A-Za-z0-9_-]{1,64}$/, "This sign-in link is not valid. Go back to the app and try again."),
  decision: z.enum(["allow", "deny"], { error: "Choose Allow or Deny." }),
});
export type ConsentDecisionBody = z.output<typeof consentDecisionBodySchema>;

export const ConsentSchema = z
  .object({
  id: z.uuid(),
  client_id: z.string(),
  scopes: z.array(z.string()),
  status: z.enum([CONSENT_STATUS.granted, CONSENT_STATUS.revoked]),
  granted_at: z.iso.datetime({ offset: true }),
  revoked_at: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: "Consent" });
export type ConsentBody = z.infer<typeof ConsentSchema>;

/** POST /api/v1/consents/me: a registered client and the scopes the member allows it (each one it may ask for). */
export const createConsentBodySchema = z
  .object({
    client_id: z.string({ error: "is required" }).min(1, "is required").max(128, "is too long"),
    scopes: z
      .array(z.string().min(1, "must not be empty").max(64, "is too long"), { error: "must be an array of scope names" })
      .min(1, "must name at least one scope")
      .max(20, "names too many scopes"),
  })
  .strict();
export type CreateConsentBody = z.output<typeof createConsentBodySchema>;

/** In the list, each Consent also names its app, so a member can tell which app it is. */
export const ListedConsentSchema = ConsentSchema.extend({ client_name: z.string() }).meta({ id: "ListedConsent" });
export type ListedConsent = z.infer<typeof ListedConsentSchema>;

export const ConsentListSchema = z.object({ consents: z.array(ListedConsentSchema) }).meta({ id: "ConsentList" });
