import "server-only";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, tooManyRequests } from "../identity/errors.ts";
import { requestGuardianshipsOnJoin } from "../guardians/guardianship-requests.ts";
import { isMinorOn, utcDate } from "../guardians/majority.ts";
import { refundAttempt, takeAttempt } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { familyCodeHash } from "./family-code.ts";
import { normalizeFamilyCode } from "./family-code-format.ts";
import { TOO_MANY_FAMILY_CODES, familyJoinKeys } from "./join-limits.ts";
import { BAD_FAMILY_CODE, FAMILY_CODE_MAX_USES, type FamilyJoinResult, type FamilyRole } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

export const IN_ANOTHER_FAMILY = "you already belong to another family";

type Outcome = { outcome: "bad" } | { outcome: "joined" | "member"; familyId: string };

/**
 * POST /api/v1/families/join (decisions.md part 3): a live code makes the caller a member of its family,
 * `adult` or `child` by their birth date (no birth date: adult). Unknown, expired, used-up and malformed
 * codes are all the same `invalid_request` and each counts against the caller's account and IP address
 * (join-limits.ts); once blocked, every code is `too_many_requests` until the block ends. A member of
 * that family already gets the same 200 and the code is not used again; a member of another family,
 * `conflict` (only after a live code, so it says nothing about codes).
 */
export async function joinFamily(database: Database, userId: string, typedCode: string, context: RequestContext, now = new Date()): Promise<FamilyJoinResult> {
  // Taken up front in one statement (lib/limits/take-attempt.ts), so codes tried at once are counted as
  // codes tried in turn; given back unless the code is refused (a success gives back only its own count).
  const decision = await takeAttempt(database, familyJoinKeys(userId, context.ip), now);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, TOO_MANY_FAMILY_CODES);
  const { attempt } = decision;

  const code = normalizeFamilyCode(typedCode);
  let result: Outcome;
  try {
    result = code ? await joinWithCode(database, userId, code, context, now) : { outcome: "bad" };
  } catch (error) {
    // A live code refused for another reason (already in another family) says nothing about codes.
    await refundAttempt(database, attempt, { now });
    throw error;
  }
  if (result.outcome === "bad") {
    if (attempt.retryAfterSeconds > 0) throw tooManyRequests(attempt.retryAfterSeconds, TOO_MANY_FAMILY_CODES);
    throw new IdentityError("invalid_request", BAD_FAMILY_CODE);
  }
  await refundAttempt(database, attempt, { now });
  return { family_id: result.familyId, status: "member" };
}

async function joinWithCode(database: Database, userId: string, code: string, context: RequestContext, now: Date): Promise<Outcome> {
  return database.transaction(async (tx) => {
    // The family row is locked, so two members joining at once cannot both take the code's last use
    // (FOR UPDATE: docs/decisions/0019, reason 2).
    const [family] = await tx.query<{ id: string; code_expires_at: Date; code_uses: number }>(
      `SELECT id::text AS id, code_expires_at, code_uses FROM family WHERE code_hash = $1 FOR UPDATE`,
      [familyCodeHash(code)],
    );
    if (!family || new Date(family.code_expires_at) <= now || family.code_uses >= FAMILY_CODE_MAX_USES) return { outcome: "bad" as const };

    // The member's row is locked first, so their own two joins at once take turns; the membership is read
    // after the lock (a statement of its own, so it sees what the other one committed).
    const account = await lockAccount(tx, userId);
    if (!account) throw new IdentityError("invalid_request", BAD_FAMILY_CODE);
    const membership = await tx.prisma.familyMember.findUnique({ where: { userId }, select: { familyId: true } });
    if (membership?.familyId === family.id) return { outcome: "member" as const, familyId: family.id };
    if (membership) throw new IdentityError("conflict", IN_ANOTHER_FAMILY);

    const role: FamilyRole = isMinorOn(account.birth_date, utcDate(now), env().AGE_OF_MAJORITY) ? "child" : "adult";
    await tx.prisma.familyMember.create({ data: { familyId: family.id, userId, role, joinedAt: now }, select: { userId: true } });
    await tx.prisma.family.update({ where: { id: family.id }, data: { codeUses: { increment: 1 } }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "family_joined", context, detail: { family_id: family.id, role } });
    // A minor who signs in, and the household's adults, are asked about guardianship: only the minor's yes makes one.
    await requestGuardianshipsOnJoin(tx, family.id, userId, role, context, now);
    return { outcome: "joined" as const, familyId: family.id };
  });
}
