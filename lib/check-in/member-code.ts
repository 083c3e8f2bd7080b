import "server-only";
import { SignJWT, jwtVerify } from "jose";
import { derivedKey } from "../crypto/tokens.ts";

/**
 * A member's check-in code (docs/decisions/0023): a compact JWS, HS256 with a key derived from APP_SECRET
 * for this purpose alone, naming the member and living 5 minutes. The member's page shows a fresh one every
 * minute, so a screenshot is useless within minutes; a kiosk's scanner types it into a field.
 */
export const MEMBER_CODE_LIFETIME_SECONDS = 300;
const TYPE = "check-in-member";
const key = () => derivedKey("check-in-member-code");

export async function issueMemberCode(userId: string, now = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const code = await new SignJWT({ typ: TYPE })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + MEMBER_CODE_LIFETIME_SECONDS)
    .sign(key());
  return { code, expiresAt: new Date((issuedAt + MEMBER_CODE_LIFETIME_SECONDS) * 1000) };
}

/** The member a code names, or null when it is not ours, altered, expired or not a member code. */
export async function verifyMemberCode(code: string, now = new Date()): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(code.trim(), key(), { algorithms: ["HS256"], currentDate: now, clockTolerance: 5 });
    return payload.typ === TYPE && typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
