import "server-only";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { isMinorOn, utcDate } from "./majority.ts";
import { GUARDIAN_ROLE } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

/**
 * Makes `guardianId` the guardian of `dependentId` (again, if an earlier guardianship ended) and gives
 * them the guardian role, which carries `guardian:act_as`: holding a guardianship is what grants it
 * (docs/decisions/0013-families-and-guardians.md). Runs in the caller's transaction, or in one of its own.
 * The guardian's account row is locked first, as the coming-of-age command does before it takes the role
 * away, so the two never disagree about whether a guardianship is left.
 *
 * Only staff tools and the demo seed create guardianships: there is no self-service route, because a
 * guardianship lets its holder act for someone else.
 */
export async function createGuardianship(database: Database, guardianId: string, dependentId: string, now = new Date()): Promise<void> {
  if (guardianId === dependentId) throw new Error("a member cannot be their own guardian");
  await database.transaction(async (tx) => {
    // A dependant is a minor, with a birth date: the day they come of age must be known.
    const dependent = await tx.prisma.user.findUnique({ where: { id: dependentId }, select: { birthDate: true } });
    if (!dependent) throw new Error(`no account ${dependentId}`);
    if (!isMinorOn(dependent.birthDate, utcDate(now), env().AGE_OF_MAJORITY)) throw new Error("a dependant must have a birth date and be under the age of majority");
    await lockAccount(tx, guardianId);
    await tx.prisma.guardianship.upsert({
      where: { guardianId_dependentId: { guardianId, dependentId } },
      create: { guardianId, dependentId },
      update: { endedAt: null },
      select: { id: true },
    });
    // One statement whether or not the guardian holds the role already (reason 2: an upsert with a condition).
    await tx.query(
      `INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = $2
       ON CONFLICT DO NOTHING`,
      [guardianId, GUARDIAN_ROLE],
    );
  });
}
