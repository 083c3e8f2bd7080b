import "server-only";
import { isIP } from "node:net";
import { env } from "../env.ts";
import { IdentityError } from "../identity/errors.ts";
import { isPrivateAddress } from "../outbound/private-addresses.ts";

/**
 * What the operator's setting decides about an endpoint's address when staff save it: https only, and no
 * private or loopback address written as such (a name that resolves to one is refused when a message is sent,
 * by lib/outbound/post-outbound.ts), unless OUTBOUND_ALLOW_PRIVATE_ADDRESSES allows them (development, tests).
 */
export function checkEndpointUrl(value: string, allowPrivate = env().OUTBOUND_ALLOW_PRIVATE_ADDRESSES): void {
  if (allowPrivate) return;
  const url = new URL(value);
  if (url.protocol !== "https:") throw new IdentityError("invalid_request", "url: must be an https URL");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || (isIP(host) !== 0 && isPrivateAddress(host))) {
    throw new IdentityError("invalid_request", "url: a private or loopback address is refused");
  }
}
