import { z } from "zod";

/**
 * Contract values of the identity service the specs check against, written out by hand rather than imported
 * from lib/ (a spec that takes its expectations from the code under test cannot fail when that code drifts):
 * the scope table of docs/decisions/0018, the profile GET /api/v1/users/me answers (0018, "What a token sees
 * of the member"), and the codes and sentences of our authorization error page. A disagreement with lib means
 * one of the two is wrong by the decisions: fix that one.
 */

/**
 * docs/decisions/0018 "The scopes", in the table's order: the third-party scopes, then those only the
 * church's own (first-party) clients may hold. Discovery's `scopes_supported` is exactly this list.
 */
export const THIRD_PARTY_SCOPES = ["openid", "profile", "email", "phone", "offline_access", "membership"] as const;
export const FIRST_PARTY_SCOPES = [
  "account:sessions",
  "account:mfa",
  "account:recovery",
  "account:consents",
  "account:privacy",
  "account:family",
  "account:dependents",
  "account:linked-identities",
  "account:membership",
  "staff",
  "account:check-in",
  "check-in:kiosk",
  "account:calendar",
  "account:profile",
] as const;
export const SUPPORTED_SCOPES = [...THIRD_PARTY_SCOPES, ...FIRST_PARTY_SCOPES] as const;

/**
 * What the portal asks for (docs/decisions/0018): `openid profile email phone membership` and every first-party
 * scope but a kiosk's (docs/decisions/0023), no `offline_access`. Its access token's `scope` claim is this list, space-separated, in this order.
 */
export const PORTAL_SCOPES = ["openid", "profile", "email", "phone", "membership", ...FIRST_PARTY_SCOPES.filter((scope) => scope !== "check-in:kiosk")] as const;

/** A permission: `resource:action` (interface.md 5). */
const permission = z.string().regex(/^[a-z][a-z_-]*:[a-z][a-z_-]*$/, "must be resource:action");

/**
 * GET /api/v1/users/me (docs/decisions/0018): `id` always; each scope's claims only when the token's effective
 * scopes hold it (`profile`: name, given_name, family_name, locale, updated_at; `email`: email, email_verified;
 * `phone`: phone_number, phone_number_verified); roles, permissions, mfa_enabled and created_at only for a
 * first-party client. A claim that is not released is omitted, never null; a released claim the account has
 * no value for (no locale chosen, no phone given) is null. Strict: any other key fails.
 */
export const profileSchema = z.strictObject({
  id: z.uuid(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  locale: z.string().nullable().optional(),
  updated_at: z.iso.datetime({ offset: true }).optional(),
  email: z.email().nullable().optional(),
  email_verified: z.boolean().optional(),
  phone_number: z.string().regex(/^\+[1-9]\d{1,14}$/, "must be E.164").nullable().optional(),
  phone_number_verified: z.boolean().optional(),
  roles: z.array(z.string()).optional(),
  permissions: z.array(permission).optional(),
  mfa_enabled: z.boolean().optional(),
  created_at: z.iso.datetime({ offset: true }).optional(),
});

/** Every key the profile may hold: what the portal's token (every scope, first-party) gets. */
export const PROFILE_KEYS = Object.keys(profileSchema.shape);

/**
 * The authorization endpoint's errors it must not send back to the client (RFC 6749 4.1.2.1): the member is
 * sent to `/oauth/error?error=<code>`, and the page says the sentence. Only the codes the specs reach.
 */
export const AUTHORIZE_PAGE_ERRORS = {
  missing_client_id: "The app did not say who it is (client_id is missing).",
  unknown_client: "This app is not registered with us.",
  missing_redirect_uri: "The app did not say where to return (redirect_uri is missing).",
  invalid_redirect_uri: "The app asked to return to an address it has not registered.",
  repeated_parameter: "The sign-in link is malformed (a parameter is repeated).",
} as const;

export type AuthorizePageErrorCode = keyof typeof AUTHORIZE_PAGE_ERRORS;
