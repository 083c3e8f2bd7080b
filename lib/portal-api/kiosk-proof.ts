import "server-only";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { logLine } from "../log/json-log.ts";
import { dpopProofOf } from "../oauth/dpop/dpop-header.ts";
import { DpopProofError, verifyDpopProof } from "../oauth/dpop/dpop-proof.ts";

/**
 * The lobby tablet proves, on every call of the kiosk page to its own routes (/kiosk/enrol, /kiosk/enrol/poll,
 * /kiosk/sign-out, /kiosk/api/v1/*), that it holds the key its kiosk cookie is bound to
 * (docs/decisions/0023, "The kiosk page"). The proof is a DPoP proof JWT (RFC 9449 4.2) made by
 * components/kiosk/kiosk-key.ts with a non-extractable ECDSA P-256 key that never leaves the tablet's
 * browser: `typ: dpop+jwt`, the embedded public key, `htm` and `htu` of this call, a recent `iat`, a `jti`
 * used once. It is checked by the issuer's own DPoP code (lib/oauth/dpop/dpop-proof.ts: the signature with
 * jose, the times, and the `jti` remembered in PostgreSQL, so a proof cannot be used twice, on any instance).
 * What it yields is the key's JWK thumbprint (RFC 7638), which the caller compares with the cookie's.
 */
export type KioskProof = { ok: true; jkt: string } | { ok: false; missing: boolean; description: string };

export async function kioskProofOf(database: Database, request: Request): Promise<KioskProof> {
  try {
    const proof = dpopProofOf(request.headers);
    if (!proof) return { ok: false, missing: true, description: "no proof of the tablet's key" };
    // The page addresses its own origin: BASE_URL's, or the address this request came to behind a proxy.
    const urls = [`${env().BASE_URL}${new URL(request.url).pathname}`, request.url];
    const { jkt } = await verifyDpopProof(database, { proof, method: request.method, urls, requireNonce: false });
    return { ok: true, jkt };
  } catch (error) {
    if (error instanceof DpopProofError) return { ok: false, missing: false, description: error.description };
    throw error;
  }
}

/**
 * A kiosk cookie shown without the key it is bound to: a copy taken to another machine, or a tablet whose
 * browser lost its key. Noted in the log (never the cookie or a token: the client id, the address and why),
 * for the office to see when it reads the logs after a kiosk was set up again.
 */
export function noteKioskCookieWithoutKey(clientId: string, ip: string | null, why: string): void {
  logLine("warn", "kiosk_cookie_without_key", { client_id: clientId, ip, why });
}
