import { randomBytes } from "node:crypto";
import { usesSecureCookies } from "../sessions/session-cookie.ts";

/** The CSRF seed cookie (see csrf.ts). Kept free of secrets so proxy.ts can import it. */
export const CSRF_FIELD = "csrf_token";
/** proxy.ts forwards a newly minted seed to the page in this request header. */
export const CSRF_SEED_HEADER = "x-csrf-seed";

export function csrfCookieName(): string {
  return usesSecureCookies() ? "__Host-csrf" : "csrf";
}

export function newCsrfSeed(): string {
  return randomBytes(24).toString("base64url");
}
