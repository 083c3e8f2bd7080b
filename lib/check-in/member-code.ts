import "server-only";
import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { derivedKey } from "../crypto/tokens.ts";
import { MEMBER_CODE_LIFETIME_SECONDS } from "./rules.ts";

/**
 * A member's check-in code (docs/decisions/0023): a compact JWS, HS256 with a key derived from APP_SECRET
 * for this purpose alone, naming the member and living 5 minutes, with a `jti` so a code that collected a
 * child is spent (lib/check-in/scanned-code.ts). The member's page shows a fresh one every minute, so a
 * screenshot is useless within minutes; a kiosk's scanner types it into a field.
 */
const TYPE = "check-in-member";
const key = () => derivedKey("check-in-member-code");

export async function issueMemberCode(userId: string, now = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const code = await new SignJWT({ typ: TYPE })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + MEMBER_CODE_LIFETIME_SECONDS)
    .sign(key());
  return { code, expiresAt: new Date((issuedAt + MEMBER_CODE_LIFETIME_SECONDS) * 1000) };
}

export interface VerifiedMemberCode {
  userId: string;
  jti: string;
  expiresAt: Date;
}

/** The member a code names (and the code's id and end), or null when it is not ours, altered, expired or not a member code. */
export async function verifyMemberCode(code: string, now = new Date()): Promise<VerifiedMemberCode | null> {
  try {
    const { payload } = await jwtVerify(code.trim(), key(), { algorithms: ["HS256"], currentDate: now, clockTolerance: 5 });
    if (payload.typ !== TYPE || typeof payload.sub !== "string" || typeof payload.jti !== "string" || typeof payload.exp !== "number") return null;
    return { userId: payload.sub, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
