import "server-only";
import type { Database } from "../db/database.ts";
import { MAX_CODE_ATTEMPTS } from "../verification-codes/verification-code-rules.ts";
import { maskPhone } from "./mask-contact.ts";
import { isE164 } from "./phone-number.ts";
import type { PhoneVerificationState } from "./schemas.ts";
import { PHONE_PURPOSE } from "./start-phone-verification.ts";

/**
 * GET /api/v1/users/me/phone: the number waiting for its texted code, masked, while that code can still
 * verify it. The number lives only in the code row (start-phone-verification.ts), so this is the row that
 * verify-phone.ts would judge: the newest one, unused, unexpired and with tries left (asking again retires
 * the earlier code, so there is at most one).
 */
export async function getPhoneVerification(database: Database, userId: string, now = new Date()): Promise<PhoneVerificationState> {
  const row = await database.prisma.verificationCode.findFirst({
    where: { purpose: PHONE_PURPOSE, subject: userId, usedAt: null, expiresAt: { gt: now }, attempts: { lt: MAX_CODE_ATTEMPTS } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { target: true, expiresAt: true },
  });
  if (!row || !isE164(row.target)) return { pending: null };
  return { pending: { phone_number: maskPhone(row.target), expires_at: row.expiresAt.toISOString() } };
}
