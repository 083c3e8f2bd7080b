import "server-only";
import { portalClientId, portalClientSecret } from "../oauth/clients/portal-client.ts";

/**
 * The portal's client authentication at the token and revocation endpoints: client_secret_basic.
 * RFC 6749 2.3.1: id and secret are form-urlencoded first, then joined with ":" and base64-encoded.
 */
export function portalBasicAuthorization(): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(portalClientId())}:${encode(portalClientSecret())}`).toString("base64")}`;
}
