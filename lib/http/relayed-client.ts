import "server-only";
import { createHash, createHmac } from "node:crypto";
import { constantTimeEqual, derivedKey } from "../crypto/tokens.ts";

/**
 * The portal calls the identity API server to server (BACKCHANNEL_URL) on a member's behalf: the relay of
 * the account pages (lib/portal-api/relay.ts) and the federated link (lib/portal-api/finalize-federated-link.ts).
 * The transport then sees the portal's own address, so the portal says whose call it is in one header of
 * its own, which only a holder of APP_SECRET can write:
 *
 *   X-Relayed-Client: ip=203.0.113.7; t=1763750927; sig=<base64url HMAC-SHA-256>
 *
 * The HMAC (a key derived from APP_SECRET for this purpose alone) covers the address, the time and a hash of
 * the call's Authorization header, so a header seen once cannot be replayed after a minute or with another
 * token. Anyone else's X-Relayed-Client is ignored: the caller is then whoever the transport says
 * (lib/http/client-address.ts). X-Forwarded-For is never sent for this: a server that trusts its proxies
 * would believe it from anyone.
 */
export const RELAYED_CLIENT_HEADER = "x-relayed-client";

/** How long a relayed address is believed after it was written (the relay's call is immediate). */
const MAX_AGE_SECONDS = 60;
const PURPOSE = "relayed-client-address";

function signature(ip: string, time: number, authorization: string): string {
  const authorizationHash = createHash("sha256").update(authorization).digest("base64url");
  return createHmac("sha256", derivedKey(PURPOSE)).update(`${PURPOSE}\n${time}\n${ip}\n${authorizationHash}`).digest("base64url");
}

/** The header value for a call carrying `authorization` on behalf of a client at `ip`. */
export function relayedClientHeader(ip: string, authorization: string, now = Date.now()): string {
  const time = Math.floor(now / 1000);
  return `ip=${ip}; t=${time}; sig=${signature(ip, time, authorization)}`;
}

const VALUE = /^ip=([0-9A-Fa-f:.]{2,45}); t=(\d{1,12}); sig=([A-Za-z0-9_-]{43})$/;

/**
 * The client address the portal vouched for, or null when the header is absent, malformed, stale, or not
 * written with our key for this very Authorization header. Constant-time comparison of the signature.
 */
export function verifiedRelayedClient(headers: { get(name: string): string | null }, now = Date.now()): string | null {
  const value = headers.get(RELAYED_CLIENT_HEADER);
  const authorization = headers.get("authorization");
  if (!value || !authorization || value.length > 200) return null;
  const match = VALUE.exec(value.trim());
  if (!match) return null;
  const [, ip, timeText, sig] = match as unknown as [string, string, string, string];
  const time = Number(timeText);
  if (Math.abs(Math.floor(now / 1000) - time) > MAX_AGE_SECONDS) return null;
  return constantTimeEqual(sig, signature(ip, time, authorization)) ? ip : null;
}
