/**
 * What the portal keeps in next-auth's encrypted, HttpOnly session cookie (the JWT), and the little it
 * shows the browser (the Session). Tokens live only in the first: the session callback never copies them.
 */

/** Set when refreshing failed (expired or revoked refresh token, issuer unreachable): the member must sign in again. */
export const REFRESH_FAILED = "RefreshAccessTokenError";
export type PortalSessionError = typeof REFRESH_FAILED;

declare module "next-auth/jwt" {
  interface JWT {
    /** RFC 9068 access token for /api/v1, kept server-side. */
    accessToken?: string;
    /** When the access token expires, in seconds since the epoch. */
    accessTokenExpiresAt?: number;
    /** Opaque, rotated on every use: the cookie always holds the newest one. */
    refreshToken?: string;
    /** The ID token from sign-in: sent back as id_token_hint when signing out. */
    idToken?: string;
    error?: PortalSessionError;
  }
}

declare module "next-auth" {
  interface Session {
    /** Present when the session can no longer be refreshed: the UI asks to sign in again. */
    error?: PortalSessionError;
  }
}
