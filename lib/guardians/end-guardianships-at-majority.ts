import "server-only";
import { db } from "../db.ts";
import type { SecurityEventType } from "../security-log/record-security-event.ts";
import { env } from "../env.ts";
import { latestBirthDateOfAge, utcDate } from "./majority.ts";
import { GUARDIAN_ROLE } from "./schemas.ts";

export interface MajoritySummary {
  /** Guardianships ended now. */
  ended: number;
  /** Guardians who lost the guardian role because their last guardianship ended. */
  rolesRemoved: number;
  /** Family members who were `child` and are `adult` now. */
  promoted: number;
}

const BATCH = 500;
const BIRTH_DATE_SHAPE = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";

/**
 * The scheduled coming-of-age run (scripts/guardianships-end-at-majority.ts): every live guardianship of a
 * dependant who is of age today (UTC) ends, and the member owns their account; a guardian left without
 * any guardianship loses the guardian role (and with it `guardian:act_as`, at once on every route); family
 * members of age become adults. Each event goes to both security logs.
 *
 * Idempotent (an ended guardianship is never picked again) and safe with two instances at once: each batch
 * locks the guardianships it ends with `FOR UPDATE SKIP LOCKED`, so a second run skips them and finds them
 * ended afterwards. Birth dates compare as `YYYY-MM-DD` strings (majority.ts); malformed ones are left out
 * rather than stopping the run.
 */
export async function endGuardianshipsAtMajority(now = new Date(), ageOfMajority = env().AGE_OF_MAJORITY): Promise<MajoritySummary> {
  const prisma = await db();
  const cutoff = latestBirthDateOfAge(utcDate(now), ageOfMajority);
  const summary: MajoritySummary = { ended: 0, rolesRemoved: 0, promoted: 0 };
  const type: SecurityEventType = "guardianship_ended";

  for (;;) {
    const batch = await prisma.$transaction(async (tx) => {
      const ending = await tx.$queryRaw<{ id: string; guardian_id: string; dependent_id: string }[]>`
        SELECT g.id, g.guardian_id, g.dependent_id
          FROM guardianship g JOIN account a ON a.id = g.dependent_id
         WHERE g.ended_at IS NULL AND a.birth_date ~ ${BIRTH_DATE_SHAPE} AND a.birth_date <= ${cutoff}
         ORDER BY g.id
         LIMIT ${BATCH}
           FOR UPDATE OF g SKIP LOCKED`;
      if (ending.length === 0) return null;
      const ids = ending.map((row) => row.id);
      await tx.$executeRaw`UPDATE guardianship SET ended_at = ${now} WHERE id = ANY(${ids}::uuid[])`;

      // The guardians' rows are locked (in one order, so two runs cannot deadlock) as createGuardianship
      // does, so a guardianship created meanwhile is seen before the role goes.
      const guardianIds = [...new Set(ending.map((row) => row.guardian_id))].sort();
      await tx.$queryRaw`SELECT id FROM account WHERE id = ANY(${guardianIds}::uuid[]) ORDER BY id FOR UPDATE`;
      const removed = await tx.$queryRaw<{ user_id: string }[]>`
        DELETE FROM user_role ur USING role r
         WHERE r.id = ur.role_id AND r.name = ${GUARDIAN_ROLE} AND ur.user_id = ANY(${guardianIds}::uuid[])
           AND NOT EXISTS (SELECT 1 FROM guardianship g WHERE g.guardian_id = ur.user_id AND g.ended_at IS NULL)
        RETURNING ur.user_id`;

      await tx.securityEvent.createMany({
        data: ending.flatMap((row) => [
          // No IP or browser: nobody asked for it, the calendar did.
          { userId: row.guardian_id, type, detail: { dependent_id: row.dependent_id, reason: "age_of_majority" } },
          { userId: row.dependent_id, type, detail: { guardian_id: row.guardian_id, reason: "age_of_majority" } },
        ]),
      });
      return { ended: ending.length, rolesRemoved: removed.length };
    });
    if (!batch) break;
    summary.ended += batch.ended;
    summary.rolesRemoved += batch.rolesRemoved;
  }

  // One statement, so it is idempotent and safe alongside another run by itself.
  summary.promoted = await prisma.$executeRaw`
    UPDATE family_member fm SET role = 'adult'
      FROM account a
     WHERE a.id = fm.user_id AND fm.role = 'child' AND a.birth_date ~ ${BIRTH_DATE_SHAPE} AND a.birth_date <= ${cutoff}`;
  return summary;
}
