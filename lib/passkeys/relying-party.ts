import "server-only";
import { env } from "../env.ts";

/**
 * Who we are to an authenticator (WebAuthn Level 3, 5.1.2 / 13.4.9): the relying party id is BASE_URL's
 * host and the only origin we accept is BASE_URL's origin, so a passkey made here signs for this
 * deployment alone and a page anywhere else (a look-alike domain, an http:// copy) cannot use it.
 */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(): RelyingParty {
  const base = new URL(env().BASE_URL);
  return { id: base.hostname, origin: base.origin };
}
