import "server-only";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { constantTimeEqual, derivedKey } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { deviceAuthorizationEndpoint, tokenEndpoint } from "../oauth/oauth-endpoints.ts";
import { firstUse } from "../oauth/dpop/used-once.ts";

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
 *
 * A public client's OAuth form post (the lobby kiosk page starting its device grant, polling for it and
 * refreshing: lib/portal-api/kiosk-session.ts) has no Authorization header to bind to, so it has a second
 * form of the header, checked where the form is read (verifiedRelayedFormClient), never by the transport:
 *
 *   X-Relayed-Client: ip=203.0.113.7; t=1763750927; n=<22 random characters>; sig=<base64url HMAC-SHA-256>
 *
 * Its HMAC covers the address, the time, the endpoint it is addressed to, a SHA-256 of every parameter of the
 * form (so the client_id, the scope, the device code or the refresh token: another request cannot carry it)
 * and a nonce that is accepted once (lib/oauth/dpop/used-once.ts), so even the same form cannot be sent
 * again with it. The two forms sign different strings (a form's has more lines), so neither passes for the
 * other.
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

/** The OAuth endpoints a relayed form may be addressed to. */
export type RelayedFormEndpoint = typeof deviceAuthorizationEndpoint.path | typeof tokenEndpoint.path;

/** Every parameter of the form, in one order whatever order it was sent in, hashed. */
function formDigest(form: URLSearchParams): string {
  const sorted = [...form].sort(([nameA, valueA], [nameB, valueB]) => (nameA === nameB ? (valueA < valueB ? -1 : valueA > valueB ? 1 : 0) : nameA < nameB ? -1 : 1));
  return createHash("sha256").update(new URLSearchParams(sorted).toString()).digest("base64url");
}

function formSignature(ip: string, time: number, endpoint: RelayedFormEndpoint, form: URLSearchParams, nonce: string): string {
  return createHmac("sha256", derivedKey(PURPOSE)).update(`${PURPOSE}\n${time}\n${ip}\nform\n${endpoint}\n${formDigest(form)}\n${nonce}`).digest("base64url");
}

/** The header value for a form post to `endpoint` on behalf of a client at `ip`: good for this form, once, for a minute. */
export function relayedFormClientHeader(ip: string, endpoint: RelayedFormEndpoint, form: URLSearchParams, now = Date.now()): string {
  const time = Math.floor(now / 1000);
  const nonce = randomBytes(16).toString("base64url");
  return `ip=${ip}; t=${time}; n=${nonce}; sig=${formSignature(ip, time, endpoint, form, nonce)}`;
}

const FORM_VALUE = /^ip=([0-9A-Fa-f:.]{2,45}); t=(\d{1,12}); n=([A-Za-z0-9_-]{22}); sig=([A-Za-z0-9_-]{43})$/;

/**
 * The client address the kiosk page vouched for on this form post, or null when the header is absent,
 * malformed, stale, signed for another endpoint or another form, or its nonce was already used. The nonce
 * is spent only once the signature is right, so nobody else can fill the table with them.
 */
export async function verifiedRelayedFormClient(
  database: Database,
  headers: { get(name: string): string | null },
  endpoint: RelayedFormEndpoint,
  form: URLSearchParams,
  now = Date.now(),
): Promise<string | null> {
  const value = headers.get(RELAYED_CLIENT_HEADER);
  if (!value || value.length > 200) return null;
  const match = FORM_VALUE.exec(value.trim());
  if (!match) return null;
  const [, ip, timeText, nonce, sig] = match as unknown as [string, string, string, string, string];
  const time = Number(timeText);
  if (Math.abs(Math.floor(now / 1000) - time) > MAX_AGE_SECONDS) return null;
  if (!constantTimeEqual(sig, formSignature(ip, time, endpoint, form, nonce))) return null;
  // Past MAX_AGE_SECONDS either side the header is refused anyway: the nonce need not be kept longer.
  return (await firstUse(database, `relayed-client\n${nonce}`, 2 * MAX_AGE_SECONDS + 5)) ? ip : null;
}
