import "server-only";
import type { AuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { env } from "../env.ts";
import { portalClientId, portalClientSecret } from "../oauth/clients/portal-client.ts";
import {
  ensureNextAuthUrl,
  PORTAL_PROVIDER_ID,
  PORTAL_SCOPE,
  PORTAL_SESSION_MAX_AGE_SECONDS,
  portalAuthSecret,
  portalUsesSecureCookies,
} from "./config.ts";
import { DEFAULT_AFTER_SIGN_IN_PATH, PORTAL_SIGN_IN_ERROR_PATH, PORTAL_SIGN_IN_PATH, safeReturnPath } from "./paths.ts";

/**
 * next-auth v4 as an OpenID Connect client of our own issuer (authorization code + PKCE + state + nonce).
 *
 * The provider is configured endpoint by endpoint rather than by discovery: browsers go to BASE_URL
 * (the authorization endpoint), servers to BACKCHANNEL_URL (token, userinfo, JWKS), and tokens carry
 * iss = BASE_URL. Discovery would point the server-side calls at BASE_URL.
 *
 * Session strategy: JWT, i.e. next-auth's encrypted (A256GCM), HttpOnly cookie. It holds the access,
 * refresh and ID tokens; the session callback shows the browser only name, email and an error flag.
 * The jwt callback stores the tokens at sign-in and never refreshes: refreshing rotates the refresh
 * token, and next-auth also runs this callback where the new cookie could not be written (a Server
 * Component's getServerSession), which would lose the new refresh token and kill the session on the
 * next use of the old one. Refreshing lives in one place instead, get-portal-session.ts.
 */

interface ChurchProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
}

function churchProvider(): OAuthConfig<ChurchProfile> {
  const { BASE_URL, BACKCHANNEL_URL } = env();
  return {
    id: PORTAL_PROVIDER_ID,
    name: "Church account",
    type: "oauth",
    issuer: BASE_URL,
    clientId: portalClientId(),
    clientSecret: portalClientSecret(),
    checks: ["pkce", "state", "nonce"],
    authorization: { url: `${BASE_URL}/oauth/authorize`, params: { scope: PORTAL_SCOPE } },
    token: `${BACKCHANNEL_URL}/oauth/token`,
    userinfo: {
      url: `${BACKCHANNEL_URL}/oauth/userinfo`,
      // The ID token (already verified: signature from the JWKS, iss, aud, nonce, exp) says who signed
      // in; userinfo adds the profile and email claims (OIDC Core 5.4 returns those from userinfo).
      // openid-client refuses a userinfo answer whose sub differs from the ID token's.
      async request({ tokens, client }) {
        // next-auth types `tokens` as plain parameters; at run time it is openid-client's TokenSet.
        const tokenSet = tokens as unknown as Exclude<Parameters<typeof client.userinfo>[0], string>;
        const claims = tokenSet.claims();
        const userinfo = await client.userinfo(tokenSet);
        return { ...claims, ...userinfo, sub: claims.sub } as ChurchProfile;
      },
    },
    jwks_endpoint: `${BACKCHANNEL_URL}/.well-known/jwks.json`,
    idToken: true,
    client: { token_endpoint_auth_method: "client_secret_basic", id_token_signed_response_alg: "RS256" },
    httpOptions: { timeout: 10_000 },
    profile(profile) {
      const name = profile.name ?? ([profile.given_name, profile.family_name].filter(Boolean).join(" ") || null);
      return { id: profile.sub, name, email: profile.email ?? null };
    },
  };
}

/** The portal's next-auth configuration; built per call because the environment is read lazily. */
export function portalAuthOptions(): AuthOptions {
  ensureNextAuthUrl();
  const { BASE_URL } = env();
  return {
    secret: portalAuthSecret(),
    useSecureCookies: portalUsesSecureCookies(),
    providers: [churchProvider()],
    session: { strategy: "jwt", maxAge: PORTAL_SESSION_MAX_AGE_SECONDS },
    pages: { signIn: PORTAL_SIGN_IN_PATH, signOut: DEFAULT_AFTER_SIGN_IN_PATH, error: PORTAL_SIGN_IN_ERROR_PATH },
    callbacks: {
      jwt({ token, account }) {
        if (!account) return token;
        // Signing in: start the session token afresh from what the issuer just sent.
        return {
          sub: account.providerAccountId,
          name: token.name ?? null,
          email: token.email ?? null,
          accessToken: account.access_token,
          accessTokenExpiresAt: account.expires_at,
          refreshToken: account.refresh_token,
          idToken: account.id_token,
        };
      },
      session({ session, token }) {
        // Only what the page may show; never a token (the browser can fetch this JSON).
        return {
          expires: session.expires,
          user: { name: token.name ?? null, email: token.email ?? null },
          ...(token.error ? { error: token.error } : {}),
        };
      },
      redirect({ url }) {
        return `${BASE_URL}${safeReturnPath(url, BASE_URL) ?? DEFAULT_AFTER_SIGN_IN_PATH}`;
      },
    },
  };
}
