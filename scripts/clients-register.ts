/**
 * `npm run clients:register -- --name "Church app" --redirect-uri https://app.example.org/callback ...`
 * registers an OAuth client and prints its client_id and, once, its secret (only a hash is stored).
 */
import { parseArgs } from "node:util";
import { loadDotEnv } from "./load-dot-env.ts";

const usage = `usage: npm run clients:register -- --name NAME [options]
  --id ID                        client_id (default: generated)
  --public                       a public client (PKCE only, no secret); default confidential
  --redirect-uri URI             repeatable; exact match at the authorization endpoint; https, or http
                                 only on 127.0.0.1, [::1] or localhost (or BASE_URL's own origin);
                                 no fragment, no user name or password
  --post-logout-redirect-uri URI repeatable; the same rules
  --grant TYPE                   repeatable: authorization_code, refresh_token, client_credentials,
                                 device_code (RFC 8628, for kiosks and displays; its full name
                                 urn:ietf:params:oauth:grant-type:device_code works too)
                                 (default: authorization_code and refresh_token)
  --scope SCOPE                  repeatable: openid, profile, email, phone, offline_access
                                 (default: openid profile email)
  --first-party                  skips the consent screen (only for the church's own apps)
  --id-token-alg ALG             RS256 (default) or ES256
  --no-require-pkce              a confidential client whose OpenID requests send a nonce instead of
                                 PKCE (PKCE that is sent is still checked)
  --no-require-nonce             with --no-require-pkce: accept a request with neither PKCE nor a nonce
                                 (OIDC Core 3.1.2.1 makes nonce optional in the code flow); only for an
                                 OpenID certification run, never a church's app
  --backchannel-logout-uri URI   told by a signed logout token when the member's session ends
                                 (OpenID Back-Channel Logout 1.0); the redirect URIs' rules
  --backchannel-logout-session-required
                                 the client needs sid in the logout token
  --require-par                  its authorization requests only through /oauth/par (RFC 9126)
  --dpop                         every token request must carry a DPoP proof, so its tokens are
                                 sender-constrained (RFC 9449 dpop_bound_access_tokens; a phone app)`;

const { values } = parseArgs({
  options: {
    id: { type: "string" },
    name: { type: "string" },
    public: { type: "boolean", default: false },
    "redirect-uri": { type: "string", multiple: true, default: [] },
    "post-logout-redirect-uri": { type: "string", multiple: true, default: [] },
    grant: { type: "string", multiple: true },
    scope: { type: "string", multiple: true },
    "first-party": { type: "boolean", default: false },
    "id-token-alg": { type: "string" },
    "no-require-pkce": { type: "boolean", default: false },
    "no-require-nonce": { type: "boolean", default: false },
    "backchannel-logout-uri": { type: "string" },
    "backchannel-logout-session-required": { type: "boolean", default: false },
    "require-par": { type: "boolean", default: false },
    dpop: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help || !values.name) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { registerClient, registerClientInputSchema } = await import("../lib/oauth/clients/register-client.ts");
const { DEVICE_CODE_GRANT_TYPE } = await import("../lib/oauth/device/device-policy.ts");

const input = {
  id: values.id,
  name: values.name,
  type: values.public ? "public" : "confidential",
  redirectUris: values["redirect-uri"],
  postLogoutRedirectUris: values["post-logout-redirect-uri"],
  grantTypes: values.grant?.map((grant) => (grant === "device_code" ? DEVICE_CODE_GRANT_TYPE : grant)),
  scopes: values.scope?.flatMap((scope) => scope.split(" ")),
  firstParty: values["first-party"],
  idTokenSignedResponseAlg: values["id-token-alg"],
  requirePkce: !values["no-require-pkce"],
  requireNonceWithoutPkce: !values["no-require-nonce"],
  backchannelLogoutUri: values["backchannel-logout-uri"] ?? null,
  backchannelLogoutSessionRequired: values["backchannel-logout-session-required"],
  requirePushedAuthorizationRequests: values["require-par"],
  dpopBoundAccessTokens: values.dpop,
};
const checked = registerClientInputSchema.safeParse(input);
if (!checked.success) {
  for (const issue of checked.error.issues) console.error(`  ${issue.path.join(".") || "client"}: ${issue.message}`);
  process.exit(2);
}
const database = await openDatabase();
const { clientId, clientSecret } = await registerClient(database, checked.data);
console.log(`client_id:     ${clientId}`);
if (clientSecret) console.log(`client_secret: ${clientSecret}\n(shown once; store it now, only a hash is kept)`);
await closeDatabase();
