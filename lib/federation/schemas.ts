import { z } from "zod";
import { requestIdSchema, returnToSchema } from "../accounts/schemas.ts";

/**
 * Federated identity (docs/decisions/0014-federated-identity.md): the finalize route's body and answer,
 * linked identities as the self-service routes answer them, and an operator's provider configuration.
 * Pure zod, shared by the routes, the OpenAPI document, the portal's pages and the providers script.
 */

/** `sign_in`: "Continue with" on the sign-in page. `link`: "Link" on Account › Security, signed in. */
export const FEDERATED_INTENTS = ["sign_in", "link"] as const;
export type FederatedIntent = (typeof FEDERATED_INTENTS)[number];

/** A provider's id: a short lower-case slug chosen by the operator (`google`, `diocese-id`). */
export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
const PROVIDER_ID_MESSAGE = "must be 1 to 32 lower-case letters, digits or dashes, starting with a letter or digit";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * An issuer we may talk to: HTTPS, or plain HTTP on this machine only (a test or development provider).
 * No query or fragment (OpenID Connect Discovery 4.3 compares the issuer string exactly).
 */
export function isAcceptableIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/** Whether requests to this issuer go over plain HTTP (allowed for loopback issuers only). */
export function isLoopbackHttpIssuer(value: string): boolean {
  return value.startsWith("http://") && isAcceptableIssuer(value);
}

/** What an operator configures for one provider (scripts/federation-providers.ts). */
export const federationProviderInputSchema = z
  .object({
    id: z.string().regex(PROVIDER_ID_PATTERN, PROVIDER_ID_MESSAGE),
    displayName: z.string().trim().min(1, "is required").max(60, "must be at most 60 characters"),
    issuer: z
      .string()
      .trim()
      .max(500, "is too long")
      .refine(isAcceptableIssuer, "must be an https:// URL (http:// only for localhost or 127.0.0.1), without query or fragment"),
    clientId: z.string().trim().min(1, "is required").max(255, "is too long"),
    clientSecret: z.string().min(1, "is required").max(2048, "is too long"),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,64}$/, "is not a valid scope name"))
      .max(20, "names too many scopes")
      .default(["openid", "email", "profile"])
      .refine((scopes) => scopes.includes("openid"), "must include openid"),
  })
  .strict();
export type FederationProviderInput = z.output<typeof federationProviderInputSchema>;

/** POST /auth/federated/start: the form behind "Continue with <provider>" and "Link". */
export const federatedStartBodySchema = z.object({
  provider: z.string({ error: "Choose a provider." }).regex(PROVIDER_ID_PATTERN, "Choose a provider."),
  intent: z.preprocess((value) => (value === "" ? undefined : value), z.enum(FEDERATED_INTENTS).default("sign_in")),
  request: requestIdSchema,
  return_to: returnToSchema,
});
export type FederatedStartBody = z.output<typeof federatedStartBodySchema>;

const CODE_MESSAGE = "is unknown or has expired";

/** POST /oauth/federated/link/finalize: the one-time link code from the provider's callback. */
export const finalizeLinkBodySchema = z
  .object({
    code: z
      .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
      .min(1, "is required")
      .max(128, CODE_MESSAGE)
      .meta({ description: "The one-time link code issued when a signed-in member came back from a provider with an identity not linked yet." }),
  })
  .strict()
  .meta({ id: "FinalizeFederatedLinkBody" });
export type FinalizeLinkBody = z.output<typeof finalizeLinkBodySchema>;

/** The description of every refused code: unknown, expired, used, or another member's (never says which). */
export const LINK_CODE_REFUSED = `code: ${CODE_MESSAGE}`;

const providerId = z.string().meta({ description: "The provider's id, as configured by the operator (e.g. `google`)." });

/** decisions.md part 3: 200 `{ "status": "linked", "provider", "linked_at" }`. */
export const FederatedLinkResultSchema = z
  .object({
    status: z.literal("linked"),
    provider: providerId,
    linked_at: z.iso.datetime(),
  })
  .meta({ id: "FederatedLinkResult" });
export type FederatedLinkResult = z.infer<typeof FederatedLinkResultSchema>;

const linkedIdentityFields = {
  id: z.uuid(),
  provider: providerId,
  provider_name: z.string().meta({ description: "The provider's display name, as on the “Continue with” button." }),
  email: z
    .string()
    .nullable()
    .meta({ description: "The provider's email address for this identity when it was linked, masked (`j***@e***.org`); null when it sent none. Never used to match accounts." }),
  linked_at: z.iso.datetime(),
};

/** A linked identity in the member's list. */
export const LinkedIdentitySchema = z
  .object({
    ...linkedIdentityFields,
    last_used_at: z.iso.datetime().nullable().meta({ description: "When it was last used to sign in; null if never." }),
  })
  .meta({ id: "LinkedIdentity" });
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;

export const LinkedIdentityListSchema = z.object({ identities: z.array(LinkedIdentitySchema) }).meta({ id: "LinkedIdentityList" });
export type LinkedIdentityList = z.infer<typeof LinkedIdentityListSchema>;

/** DELETE answers the identity as it was, with `status: removed` (decisions.md part 2: DELETEs answer the changed record). */
export const RemovedLinkedIdentitySchema = z
  .object({ ...linkedIdentityFields, status: z.literal("removed") })
  .meta({ id: "RemovedLinkedIdentity" });
export type RemovedLinkedIdentity = z.infer<typeof RemovedLinkedIdentitySchema>;

/** A provider as pages show it: id and display name only. */
export interface FederationProviderSummary {
  id: string;
  displayName: string;
}
