import "server-only";
import type { Database } from "../db/database.ts";
import { recordSecurityEvents, type SecurityEventType } from "../security-log/record-security-event.ts";
import { env } from "../env.ts";
import { latestBirthDateOfAge, utcDate } from "./majority.ts";
import { GUARDIAN_ROLE } from "./schemas.ts";
import { lockAccounts } from "../users/account-lock.ts";

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
export async function endGuardianshipsAtMajority(database: Database, now = new Date(), ageOfMajority = env().AGE_OF_MAJORITY): Promise<MajoritySummary> {
  const cutoff = latestBirthDateOfAge(utcDate(now), ageOfMajority);
  const summary: MajoritySummary = { ended: 0, rolesRemoved: 0, promoted: 0 };
  const type: SecurityEventType = "guardianship_ended";

  for (;;) {
    const batch = await database.transaction(async (tx) => {
      // Raw: rows locked with SKIP LOCKED, and a regular expression on the birth date (0019, reasons 2 and 4).
      const ending = await tx.query<{ id: string; guardian_id: string; dependent_id: string }>(
        `SELECT g.id::text, g.guardian_id::text, g.dependent_id::text
           FROM guardianship g JOIN account a ON a.id = g.dependent_id
          WHERE g.ended_at IS NULL AND a.birth_date ~ $1::text AND a.birth_date <= $2::text
          ORDER BY g.id
          LIMIT $3::int
            FOR UPDATE OF g SKIP LOCKED`,
        [BIRTH_DATE_SHAPE, cutoff, BATCH],
      );
      if (ending.length === 0) return null;
      await tx.prisma.guardianship.updateMany({ where: { id: { in: ending.map((row) => row.id) } }, data: { endedAt: now } });

      // The guardians' rows are locked (in one order, so two runs cannot deadlock) as createGuardianship
      // does, so a guardianship created meanwhile is seen before the role goes.
      const guardianIds = [...new Set(ending.map((row) => row.guardian_id))].sort();
      await lockAccounts(tx, guardianIds);
      const removed = await tx.prisma.userRole.deleteMany({
        where: { role: { name: GUARDIAN_ROLE }, userId: { in: guardianIds }, user: { guardianOf: { none: { endedAt: null } } } },
      });

      // No context: nobody asked for it, the calendar did.
      await recordSecurityEvents(
        tx,
        ending.flatMap((row) => [
          { userId: row.guardian_id, type, detail: { dependent_id: row.dependent_id, reason: "age_of_majority" } },
          { userId: row.dependent_id, type, detail: { guardian_id: row.guardian_id, reason: "age_of_majority" } },
        ]),
      );
      return { ended: ending.length, rolesRemoved: removed.count };
    });
    if (!batch) break;
    summary.ended += batch.ended;
    summary.rolesRemoved += batch.rolesRemoved;
  }

  // One statement, so it is idempotent and safe alongside another run by itself (a regular expression: reason 4).
  const promoted = await database.query<{ promoted: number }>(
    `WITH promoted AS (
       UPDATE family_member fm SET role = 'adult'
         FROM account a
        WHERE a.id = fm.user_id AND fm.role = 'child' AND a.birth_date ~ $1::text AND a.birth_date <= $2::text
       RETURNING 1
     )
     SELECT count(*)::int AS promoted FROM promoted`,
    [BIRTH_DATE_SHAPE, cutoff],
  );
  summary.promoted = Number(promoted[0]?.promoted ?? 0);
  return summary;
}
