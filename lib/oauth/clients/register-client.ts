import "server-only";
import { z } from "zod";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import { env } from "../../env.ts";
import { GRANT_TYPES } from "./grant-types.ts";
import { FIRST_PARTY_SCOPES, SUPPORTED_SCOPES, scopeAllowedForClient } from "../scopes.ts";
import { redirectUriProblem, redirectUriProblemMessage } from "./redirect-uri.ts";
import { KIOSK_NEEDS_CAMPUS, KIOSK_SCOPE } from "./staff-schemas.ts";

/**
 * https, or http on loopback (lib/oauth/clients/redirect-uri.ts); here also this server's own origin, so the
 * portal's client can be registered on an http development or demo BASE_URL.
 */
const redirectUri = z.string().superRefine((uri, context) => {
  const problem = redirectUriProblem(uri, { ownOrigin: new URL(env().BASE_URL).origin });
  if (problem) context.addIssue({ code: "custom", message: redirectUriProblemMessage(problem) });
});

export const registerClientInputSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, "3-64 letters, digits, dot, dash or underscore").optional(),
    name: z.string().trim().min(1).max(100),
    type: z.enum(["confidential", "public"]),
    redirectUris: z.array(redirectUri).max(20).default([]),
    postLogoutRedirectUris: z.array(redirectUri).max(20).default([]),
    grantTypes: z.array(z.enum(GRANT_TYPES)).min(1).default(["authorization_code", "refresh_token"]),
    scopes: z.array(z.enum(SUPPORTED_SCOPES)).min(1).default(["openid", "profile", "email"]),
    firstParty: z.boolean().default(false),
    idTokenSignedResponseAlg: z.enum(["RS256", "ES256"]).default("RS256"),
    /** Off only for a confidential client whose OpenID library sends a nonce but not PKCE (decision 0006). */
    requirePkce: z.boolean().default(true),
    /** With requirePkce off: refuse requests with neither PKCE nor (openid and) a nonce. Off only for certification. */
    requireNonceWithoutPkce: z.boolean().default(true),
    /** OpenID Back-Channel Logout 1.0: told when the member's session ends; the redirect URIs' rules. */
    backchannelLogoutUri: redirectUri.nullable().default(null),
    backchannelLogoutSessionRequired: z.boolean().default(false),
    /** RFC 9126: authorization requests only through /oauth/par. */
    requirePushedAuthorizationRequests: z.boolean().default(false),
    /** RFC 9449 5.2: every token request must carry a DPoP proof (the church's phone app). */
    dpopBoundAccessTokens: z.boolean().default(false),
    /** A check-in kiosk's campus (docs/decisions/0023); with the `check-in:kiosk` scope. */
    checkInCampusId: z.string().min(1).max(100).nullable().default(null),
    /** Only for seeding fixed demo credentials; normally a secret is generated. */
    secret: z.string().min(8).optional(),
  })
  .refine((c) => c.type === "confidential" || !c.grantTypes.includes("client_credentials"), {
    message: "client_credentials needs a confidential client",
    path: ["grantTypes"],
  })
  .refine((c) => c.type === "confidential" || c.requirePkce, {
    message: "a public client always uses PKCE",
    path: ["requirePkce"],
  })
  .refine((c) => !c.grantTypes.includes("authorization_code") || c.redirectUris.length > 0, {
    message: "authorization_code needs at least one redirect URI",
    path: ["redirectUris"],
  })
  // The staff API's rule too, in the same words (./staff-schemas.ts).
  .refine((c) => !c.scopes.includes(KIOSK_SCOPE) || c.checkInCampusId !== null, {
    message: KIOSK_NEEDS_CAMPUS,
    path: ["checkInCampusId"],
  })
  .refine((c) => c.firstParty || c.scopes.every((scope) => scopeAllowedForClient(scope, false)), {
    message: `only first-party clients may hold ${FIRST_PARTY_SCOPES.join(", ")} (docs/decisions/0018)`,
    path: ["scopes"],
  });

export type RegisterClientInput = z.input<typeof registerClientInputSchema>;

export interface RegisteredClient {
  clientId: string;
  /** The secret in clear: shown once, never stored. Null for public clients. */
  clientSecret: string | null;
}

/**
 * Creates the client, or replaces its settings (and secret) when `id` is given and exists. Confidential
 * clients get a random 256-bit secret, returned once and stored only as its SHA-256 hash (a random secret
 * cannot be guessed, so a slow hash buys nothing and would cost every token request ~20 ms; decision 0006).
 */
export async function registerClient(database: Database, input: RegisterClientInput): Promise<RegisteredClient> {
  const client = registerClientInputSchema.parse(input);
  const clientId = client.id ?? `cl_${randomToken(12)}`;
  const clientSecret = client.type === "confidential" ? (client.secret ?? randomToken(32)) : null;
  const data = {
    name: client.name,
    type: client.type,
    secretHash: clientSecret ? hashToken(clientSecret) : null,
    redirectUris: client.redirectUris,
    postLogoutRedirectUris: client.postLogoutRedirectUris,
    grantTypes: client.grantTypes,
    scopes: client.scopes,
    firstParty: client.firstParty,
    idTokenSignedResponseAlg: client.idTokenSignedResponseAlg,
    requirePkce: client.requirePkce,
    requireNonceWithoutPkce: client.requireNonceWithoutPkce,
    backchannelLogoutUri: client.backchannelLogoutUri,
    backchannelLogoutSessionRequired: client.backchannelLogoutSessionRequired,
    requirePushedAuthorizationRequests: client.requirePushedAuthorizationRequests,
    dpopBoundAccessTokens: client.dpopBoundAccessTokens,
    checkInCampusId: client.checkInCampusId,
  };
  await database.prisma.client.upsert({
    where: { id: clientId },
    create: { id: clientId, ...data },
    update: data,
    select: { id: true },
  });
  return { clientId, clientSecret };
}
