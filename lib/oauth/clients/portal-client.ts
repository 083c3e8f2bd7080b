import "server-only";
import { env } from "../../env.ts";
import { keyedHash } from "../../crypto/tokens.ts";

/**
 * The portal's own client credentials. In production they come from PORTAL_CLIENT_ID/SECRET (registered
 * with `npm run clients:register`); for development and demos the seed registers `portal` with a secret
 * derived from APP_SECRET, so no extra variable is needed.
 */
export function portalClientId(): string {
  return env().PORTAL_CLIENT_ID;
}

export function portalClientSecret(): string {
  return env().PORTAL_CLIENT_SECRET ?? keyedHash("portal-client-secret", env().PORTAL_CLIENT_ID);
}

/** The portal's redirect URI at next-auth's callback for our provider (id `church`), at this server's origin unless told. */
export function portalRedirectUri(baseUrl = env().BASE_URL): string {
  return `${baseUrl}/api/auth/callback/church`;
}
