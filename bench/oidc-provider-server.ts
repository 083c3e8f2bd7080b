/**
 * panva's oidc-provider configured like our authorization server, as the peer of bench/oauth.ts. Started by
 * it as its own process (so its CPU is measured apart), on 127.0.0.1:PORT:
 *
 *   PORT=3401 OP_ADAPTER=postgres OP_DATABASE_URL=postgresql://…/church_bench_oauth npx tsx bench/oidc-provider-server.ts
 *
 * - the client demo-app / demo-secret (client_secret_basic), grants authorization_code, refresh_token and
 *   client_credentials, scopes openid profile email phone offline_access, PKCE required;
 * - access tokens are JWTs (resource indicators: every token is for one resource server whose format is
 *   `jwt`), signed with ACCESS_TOKEN_SIGNING_ALG (ES256 by default, like ours), 10 minutes; ID tokens RS256;
 *   keys (RSA 2048 and EC P-256) generated at start;
 * - refresh tokens rotated on every use (a reused one revokes the grant);
 * - the public clients demo-kiosk (device code grant, RFC 8628) and bench-phone (authorization code with
 *   DPoP required, RFC 9449 `dpop_bound_access_tokens`), like ours; DPoP with server nonces required, as
 *   ours requires them at the token endpoint;
 * - OP_ADAPTER=postgres (default): grants, codes, sessions and refresh tokens in PostgreSQL
 *   (bench/oidc-provider-adapter.ts), the account read from there too; `memory`: oidc-provider's own
 *   in-memory adapter and a fixed account, nothing in a database;
 * - sign-in and consent by oidc-provider's devInteractions pages (any login name, any password): the
 *   benchmark obtains its refresh tokens through them with the real authorization code flow.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { errors } from "oidc-provider";
import pg from "pg";
import { findAccount, postgresAdapter, prepareTables } from "./oidc-provider-adapter.ts";

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port < 1) throw new Error("PORT must be set");
const issuer = `http://127.0.0.1:${port}`;
const adapterKind = process.env.OP_ADAPTER === "memory" ? "memory" : "postgres";
const accessTokenAlg = process.env.ACCESS_TOKEN_SIGNING_ALG === "RS256" ? "RS256" : "ES256";
/** The resource server every access token is for (ours: the API under /api/v1). */
const API_RESOURCE = `${issuer}/api/v1`;
const SCOPES = ["openid", "profile", "email", "phone", "offline_access"];
const ACCESS_TOKEN_TTL = 600;

async function signingKey(alg: "RS256" | "ES256"): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === "RS256" ? { modulusLength: 2048 } : {}) });
  return { ...(await exportJWK(privateKey)), alg, use: "sig", kid: `bench-${alg.toLowerCase()}` };
}

let pool: pg.Pool | null = null;
if (adapterKind === "postgres") {
  const connectionString = process.env.OP_DATABASE_URL;
  if (!connectionString) throw new Error("OP_DATABASE_URL must be set with OP_ADAPTER=postgres");
  pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000, application_name: "bench_oidc_provider" });
  await prepareTables(pool);
}

const provider = new Provider(issuer, {
  ...(pool ? { adapter: postgresAdapter(pool) } : {}),
  findAccount: findAccount(pool),
  clients: [
    {
      client_id: "demo-app",
      client_secret: "demo-secret",
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token", "client_credentials"],
      response_types: ["code"],
      redirect_uris: ["http://127.0.0.1:8080/callback", "http://localhost:8080/callback"],
      scope: SCOPES.join(" "),
      id_token_signed_response_alg: "RS256",
    },
    {
      client_id: "demo-kiosk",
      token_endpoint_auth_method: "none",
      grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
      response_types: [],
      redirect_uris: [],
      scope: "openid profile offline_access",
    },
    {
      client_id: "bench-phone",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      redirect_uris: ["http://127.0.0.1:8080/callback"],
      scope: "openid profile offline_access",
      dpop_bound_access_tokens: true,
    },
  ],
  jwks: { keys: [await signingKey("RS256"), await signingKey("ES256")] },
  cookies: { keys: ["bench-only-cookie-key-not-for-any-deployment"] },
  scopes: SCOPES,
  claims: {
    openid: ["sub"],
    profile: ["name"],
    email: ["email", "email_verified"],
    phone: ["phone_number", "phone_number_verified"],
  },
  responseTypes: ["code"],
  pkce: { required: () => true },
  rotateRefreshToken: true,
  ttl: {
    AccessToken: ACCESS_TOKEN_TTL,
    ClientCredentials: ACCESS_TOKEN_TTL,
    AuthorizationCode: 60,
    IdToken: 3600,
    Interaction: 3600,
    Grant: 14 * 24 * 3600,
    Session: 14 * 24 * 3600,
    RefreshToken: 14 * 24 * 3600,
  },
  features: {
    devInteractions: { enabled: true },
    deviceFlow: { enabled: true },
    dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string[]) => (oneOf ? (oneOf.length === 1 ? oneOf[0] : oneOf) : API_RESOURCE),
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx: unknown, resource: string) => {
        if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
        return {
          scope: SCOPES.join(" "),
          audience: API_RESOURCE,
          accessTokenTTL: ACCESS_TOKEN_TTL,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: accessTokenAlg } },
        };
      },
    },
  },
});
provider.on("server_error", (_ctx, error) => console.error("server_error", error));

const callback = provider.callback();
const server = http.createServer((request, response) => {
  // The benchmark's readiness probe, answered without the provider.
  if (request.url === "/api/health") {
    response.writeHead(200, { "content-type": "application/json" }).end(`{"status":"ok","adapter":"${adapterKind}"}`);
    return;
  }
  callback(request, response);
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => console.log(`oidc-provider (${adapterKind} adapter, access tokens ${accessTokenAlg}) on ${issuer}`));

const stop = () => server.close(() => void (pool ? pool.end() : Promise.resolve()).finally(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
