import { z } from "zod";
import { listQuery, pageOf, printableText } from "../../staff-lists/schemas.ts";
import { AREA_SCOPES, FIRST_PARTY_SCOPES, SUPPORTED_SCOPES, THIRD_PARTY_SCOPES } from "../scopes.ts";
import { DEVICE_CODE_GRANT_TYPE } from "../device/device-policy.ts";
import { GRANT_TYPES } from "./grant-types.ts";
import { redirectUriProblem, redirectUriProblemMessage } from "./redirect-uri.ts";

/**
 * Registered OAuth clients as staff manage them under /api/v1/admin (docs/decisions/0017). Pure zod, shared
 * by the routes and the OpenAPI document. No schema here has a field for a client secret's hash: a secret
 * is answered once, when it is made.
 */

const ALLOWED_NETWORKS_DESCRIPTION =
  "A check-in kiosk's campus networks: IP addresses and CIDR ranges (IPv4 or IPv6) its device grant may start from, its tokens be fetched and refreshed from, " +
  "and its access tokens be used from; anywhere else it is refused. Empty: anywhere.";

export const adminClientsQuerySchema = listQuery("AdminClientsQuery", {
  sort: ["name", "createdAt"] as const,
  defaultSort: "name",
  search: "Part of the client id or name.",
  extra: {},
});
export type AdminClientsQuery = z.output<typeof adminClientsQuerySchema>;

export const AdminClientSchema = z
  .object({
    client_id: z.string(),
    name: z.string(),
    type: z.enum(["confidential", "public"]),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    scopes: z.array(z.string()),
    first_party: z.boolean(),
    require_pkce: z.boolean().meta({ description: "PKCE (S256) on every authorization request. Off only for a confidential client, whose OpenID requests must then carry a nonce." }),
    require_nonce_without_pkce: z
      .boolean()
      .meta({ description: "With require_pkce off: whether a request without PKCE must be an OpenID request with a nonce. Off only for an OpenID certification run's client." }),
    backchannel_logout_uri: z.string().nullable().meta({ description: "Where a signed logout token is POSTed when a session of the member ends (OpenID Back-Channel Logout 1.0)." }),
    backchannel_logout_session_required: z.boolean().meta({ description: "Whether the client needs sid in the logout token; it is sent whenever the grant had a session." }),
    require_pushed_authorization_requests: z.boolean().meta({ description: "Whether its authorization requests must come through /oauth/par (RFC 9126)." }),
    dpop_bound_access_tokens: z.boolean().meta({ description: "Whether every token request must carry a DPoP proof, so its tokens are bound to the app's key (RFC 9449)." }),
    created_at: z.iso.datetime(),
    disabled_at: z.iso.datetime().nullable(),
    check_in_campus: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: "The campus a check-in kiosk's client is bound to (docs/decisions/0023); null for any other client." }),
    allowed_networks: z.array(z.string()).meta({ description: ALLOWED_NETWORKS_DESCRIPTION }),
  })
  .meta({ id: "AdminClient", description: "A registered client; its secret is never answered (only once, when made or rotated)." });
export type AdminClient = z.infer<typeof AdminClientSchema>;
export const AdminClientPageSchema = pageOf(AdminClientSchema, "AdminClientPage");
export const AdminClientWithSecretSchema = AdminClientSchema.extend({
  client_secret: z.string().nullable().meta({ description: "Shown this once; store it now. Null for a public client." }),
}).meta({ id: "AdminClientWithSecret" });

/** https, or http on this device only (lib/oauth/clients/redirect-uri.ts: RFC 8252 loopback, no fragment, no user name). */
const redirectUri = z
  .string({ error: "must be URLs" })
  .superRefine((uri, context) => {
    const problem = redirectUriProblem(uri);
    if (problem) context.addIssue({ code: "custom", message: redirectUriProblemMessage(problem) });
  })
  .meta({ format: "uri", description: "Matched exactly. https, or http on 127.0.0.1, [::1] or localhost (RFC 8252); no fragment, no user name or password." });
const uriList = z.array(redirectUri, { error: "must be a list of URLs" }).max(20, "must hold at most 20 URLs");
// The staff API registers third-party clients only: account control and staff scopes are never theirs.
const CLIENT_SCOPES = THIRD_PARTY_SCOPES;
const scopeList = z.array(z.enum(CLIENT_SCOPES, { error: `each must be one of ${CLIENT_SCOPES.join(", ")}` }), { error: "must be a list of scopes" }).min(1, "must hold at least one scope");
/**
 * When registering, an administrator may make a first-party client, which may also hold account control and
 * `staff` (decision 0018); a scope outside the third-party list is refused for any other client below.
 */
const registerScopeList = z
  .array(z.enum(SUPPORTED_SCOPES, { error: `each must be one of ${CLIENT_SCOPES.join(", ")}` }), { error: "must be a list of scopes" })
  .min(1, "must hold at least one scope");
const THIRD_PARTY_SCOPE_SET: ReadonlySet<string> = new Set(CLIENT_SCOPES);
export const FIRST_PARTY_ONLY_SCOPE = (scope: string) => `${scope} is for the church’s own (first-party) apps only`;

export const PUBLIC_CLIENT_PKCE = "a public client always uses PKCE";
const requirePkce = z
  .boolean({ error: "must be true or false" })
  .meta({ description: "Whether every authorization request needs PKCE (S256). false only for a confidential client whose OpenID library sends a nonce instead (decision 0006); PKCE that is sent is always checked." });

const requireNonceWithoutPkce = z
  .boolean({ error: "must be true or false" })
  .meta({ description: "With require_pkce off: whether a request without PKCE must be an OpenID request with a nonce (default true). Off only for an OpenID certification run's client: OIDC Core makes nonce optional in the code flow, and nothing then ties a code to the browser that asked." });

const backchannelLogoutUri = redirectUri
  .nullable()
  .meta({ description: "OpenID Back-Channel Logout 1.0: where a signed logout token is POSTed when a session of the member ends; null for none. The redirect URIs' rules." });
const backchannelLogoutSessionRequired = z.boolean({ error: "must be true or false" }).meta({ description: "Whether the client needs sid in the logout token." });

const requirePushedRequests = z
  .boolean({ error: "must be true or false" })
  .meta({ description: "Whether its authorization requests must come through /oauth/par (RFC 9126): nothing of the request in the browser's URL but a one-time request_uri." });

const dpopBoundAccessTokens = z
  .boolean({ error: "must be true or false" })
  .meta({ description: "Whether every token request must carry a DPoP proof (RFC 9449 5.2): its access tokens, and a phone app's refresh tokens, are then bound to the app's own key and useless to anyone who copies them." });

/** The scope of a lobby check-in kiosk's client (docs/decisions/0023, "Kiosks"): it serves one campus. */
export const KIOSK_SCOPE = AREA_SCOPES.kiosk;
/** The register rule's words (./register-client.ts says the same of `npm run clients:register`'s input). */
export const KIOSK_NEEDS_CAMPUS = "a kiosk (scope check-in:kiosk) needs the campus it serves";
export const CAMPUS_ONLY_FOR_KIOSKS = "only a check-in kiosk's app (scope check-in:kiosk) serves a campus";
export const KIOSK_NEEDS_DEVICE_CODE = `a check-in kiosk is set up with a code: it needs ${DEVICE_CODE_GRANT_TYPE}`;
/** Said by the service when the campus named does not exist (as the membership register says its own). */
export const NO_SUCH_CAMPUS = "check_in_campus_id: no such campus";

const checkInCampusId = z
  .string({ error: "must be a campus id" })
  .max(100, "no such campus")
  .nullable()
  .meta({
    description: `A check-in kiosk's campus (docs/decisions/0023): its tablets check people in and out at that campus's events only. Only with \`first_party: true\` (an administrator's), the scope \`${KIOSK_SCOPE}\` (which needs it) and the grant \`${DEVICE_CODE_GRANT_TYPE}\`; null for any other client. An id no campus has: \`${NO_SUCH_CAMPUS}\`.`,
  });

export const createClientBodySchema = z
  .object({
    name: printableText(100),
    type: z.enum(["confidential", "public"], { error: "must be confidential or public" }),
    redirect_uris: uriList.default([]),
    post_logout_redirect_uris: uriList.default([]),
    grant_types: z
      .array(z.enum(GRANT_TYPES, { error: `each must be one of ${GRANT_TYPES.join(", ")}` }))
      .min(1, "must hold at least one grant type")
      .default(["authorization_code", "refresh_token"]),
    scopes: registerScopeList.default(["openid", "profile", "email"]),
    first_party: z
      .boolean({ error: "must be true or false" })
      .default(false)
      .meta({
        description: `The church's own app: no consent screen, and it may hold ${FIRST_PARTY_SCOPES.join(", ")}. Only a caller holding roles:write (an administrator) may set it, else 403 \`forbidden\`; afterwards it is changed with \`npm run clients:register\` only.`,
      }),
    require_pkce: requirePkce.default(true),
    require_nonce_without_pkce: requireNonceWithoutPkce.default(true),
    backchannel_logout_uri: backchannelLogoutUri.default(null),
    backchannel_logout_session_required: backchannelLogoutSessionRequired.default(false),
    require_pushed_authorization_requests: requirePushedRequests.default(false),
    dpop_bound_access_tokens: dpopBoundAccessTokens.default(false),
    check_in_campus_id: checkInCampusId.default(null),
  })
  .strict()
  .refine((body) => body.type === "confidential" || !body.grant_types.includes("client_credentials"), { message: "client_credentials needs a confidential client", path: ["grant_types"] })
  .refine((body) => body.type === "confidential" || body.require_pkce, { message: PUBLIC_CLIENT_PKCE, path: ["require_pkce"] })
  .superRefine((body, context) => {
    if (body.first_party) return;
    body.scopes.forEach((scope, index) => {
      if (!THIRD_PARTY_SCOPE_SET.has(scope)) context.addIssue({ code: "custom", message: FIRST_PARTY_ONLY_SCOPE(scope), path: ["scopes", index] });
    });
  })
  // A kiosk's client (device_code only) is never sent back to; a browser app always is.
  .refine((body) => !body.grant_types.includes("authorization_code") || body.redirect_uris.length > 0, { message: "must hold at least one URL", path: ["redirect_uris"] })
  // A kiosk and its campus come together (a kiosk scope without one is the register rule's refusal); that it is
  // first-party is the scope's own rule above, and the campus exists is the service's to say.
  .refine((body) => !body.scopes.includes(KIOSK_SCOPE) || body.check_in_campus_id !== null, { message: KIOSK_NEEDS_CAMPUS, path: ["check_in_campus_id"] })
  .refine((body) => body.check_in_campus_id === null || body.scopes.includes(KIOSK_SCOPE), { message: CAMPUS_ONLY_FOR_KIOSKS, path: ["check_in_campus_id"] })
  .refine((body) => body.check_in_campus_id === null || !body.scopes.includes(KIOSK_SCOPE) || body.grant_types.includes(DEVICE_CODE_GRANT_TYPE), {
    message: KIOSK_NEEDS_DEVICE_CODE,
    path: ["grant_types"],
  })
  .meta({ id: "CreateClientBody" });
export type CreateClientBody = z.output<typeof createClientBodySchema>;

/**
 * One entry of a kiosk's networks, checked here with zod's own IP and CIDR formats (so the page can check it
 * too) and again by node:net when it is saved (lib/oauth/clients/allowed-networks.ts). /0 is refused: the
 * empty list says "anywhere" plainly.
 */
const NETWORK_FORMATS = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
export const NETWORK_ENTRY_PROBLEM = "must be an IP address or a CIDR range such as 203.0.113.0/24 or 2001:db8:5::/48 (not /0: leave the list empty for anywhere)";
const networkEntry = z
  .string({ error: "must be addresses" })
  .trim()
  .refine((entry) => NETWORK_FORMATS.safeParse(entry).success && !/\/0+$/.test(entry), NETWORK_ENTRY_PROBLEM);
const allowedNetworks = z
  .array(networkEntry, { error: "must be a list of addresses and ranges" })
  .max(20, "must hold at most 20 networks")
  .meta({ description: `${ALLOWED_NETWORKS_DESCRIPTION} Only for a check-in kiosk's client; the only field that may be changed on one, first-party as it is.` });

export const updateClientBodySchema = z
  .object({
    name: printableText(100).optional(),
    redirect_uris: uriList.min(1, "must hold at least one URL").optional(),
    post_logout_redirect_uris: uriList.optional(),
    scopes: scopeList.optional(),
    require_pkce: requirePkce.optional(),
    require_nonce_without_pkce: requireNonceWithoutPkce.optional(),
    backchannel_logout_uri: backchannelLogoutUri.optional(),
    backchannel_logout_session_required: backchannelLogoutSessionRequired.optional(),
    require_pushed_authorization_requests: requirePushedRequests.optional(),
    dpop_bound_access_tokens: dpopBoundAccessTokens.optional(),
    allowed_networks: allowedNetworks.optional(),
  })
  .strict()
  // Only when the body is otherwise valid: an unknown field is the one problem to name.
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateClientBody" });
export type UpdateClientBody = z.output<typeof updateClientBodySchema>;
