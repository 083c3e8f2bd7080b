import "server-only";
import { SignJWT, jwtVerify } from "jose";
import { derivedKey } from "../crypto/tokens.ts";

/**
 * Proof that an adult stood at this tablet a moment ago (docs/decisions/0023, "Finding a household"): a
 * household search answers it after the adult scanned their own code or card, or typed the code texted to
 * their phone; checking children in needs it. A compact JWS (HS256, a key derived from APP_SECRET for this
 * purpose alone) naming the adults proven present and the tablet (its device session), living 10 minutes:
 * ids seen on a lobby screen, or a proof carried to another tablet, check nobody in.
 */
const LIFETIME_SECONDS = 600;
const TYPE = "kiosk-presence";
const key = () => derivedKey("kiosk-presence");

export async function issueKioskPresence(adultIds: readonly string[], deviceId: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: TYPE, adults: [...adultIds], device: deviceId })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIFETIME_SECONDS)
    .sign(key());
}

/** The adults a proof names, when it is ours, current and made for this very tablet; else null. */
export async function verifyKioskPresence(proof: string, deviceId: string, now = new Date()): Promise<string[] | null> {
  try {
    const { payload } = await jwtVerify(proof, key(), { algorithms: ["HS256"], currentDate: now, clockTolerance: 5 });
    if (payload.typ !== TYPE || payload.device !== deviceId || !Array.isArray(payload.adults)) return null;
    const adults = payload.adults.filter((id): id is string => typeof id === "string");
    return adults.length > 0 ? adults : null;
  } catch {
    return null;
  }
}
