import "server-only";
import { constantTimeEqual, keyedHash } from "../../crypto/tokens.ts";

/**
 * Server-provided DPoP nonces (RFC 9449 8): a proof must carry one we made recently, so a proof made ahead of
 * time on a stolen device is worthless. Stateless, so every instance makes and accepts the same ones: the
 * nonce is an HMAC of the current five-minute window under a key derived from APP_SECRET; the window before
 * is accepted too, so a nonce lives five to ten minutes and a client that just got one never hits a boundary.
 */
const WINDOW_SECONDS = 300;

function nonceOfWindow(window: number): string {
  return keyedHash("dpop-nonce", String(window)).slice(0, 32);
}

const windowAt = (nowMs: number) => Math.floor(nowMs / 1000 / WINDOW_SECONDS);

/** The nonce to hand out now (the DPoP-Nonce response header). */
export function currentDpopNonce(nowMs = Date.now()): string {
  return nonceOfWindow(windowAt(nowMs));
}

export function isFreshDpopNonce(nonce: unknown, nowMs = Date.now()): boolean {
  if (typeof nonce !== "string" || nonce.length !== 32) return false;
  const window = windowAt(nowMs);
  // Both compared, whichever matches, so the time taken says nothing.
  const current = constantTimeEqual(nonce, nonceOfWindow(window));
  const previous = constantTimeEqual(nonce, nonceOfWindow(window - 1));
  return current || previous;
}
