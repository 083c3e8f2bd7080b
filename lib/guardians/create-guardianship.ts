import "server-only";
import type { Prisma } from "../generated/prisma/client.ts";
import { env } from "../env.ts";
import { isMinorOn, utcDate } from "./majority.ts";
import { GUARDIAN_ROLE } from "./schemas.ts";

/**
 * Makes `guardianId` the guardian of `dependentId` (again, if an earlier guardianship ended) and gives
 * them the guardian role, which carries `guardian:act_as`: holding a guardianship is what grants it
 * (docs/decisions/0013-families-and-guardians.md). Runs in the caller's transaction. The guardian's
 * account row is locked first, as the coming-of-age command does before it takes the role away, so the
 * two never disagree about whether a guardianship is left.
 *
 * Only staff tools and the demo seed create guardianships: there is no self-service route, because a
 * guardianship lets its holder act for someone else.
 */
export async function createGuardianship(tx: Prisma.TransactionClient, guardianId: string, dependentId: string, now = new Date()): Promise<void> {
  if (guardianId === dependentId) throw new Error("a member cannot be their own guardian");
  // A dependant is a minor, with a birth date: the day they come of age must be known.
  const [dependent] = await tx.$queryRaw<{ birth_date: string | null }[]>`SELECT birth_date FROM account WHERE id = ${dependentId}::uuid`;
  if (!dependent) throw new Error(`no account ${dependentId}`);
  if (!isMinorOn(dependent.birth_date, utcDate(now), env().AGE_OF_MAJORITY)) throw new Error("a dependant must have a birth date and be under the age of majority");
  await tx.$queryRaw`SELECT id FROM account WHERE id = ${guardianId}::uuid FOR UPDATE`;
  await tx.guardianship.upsert({
    where: { guardianId_dependentId: { guardianId, dependentId } },
    create: { guardianId, dependentId },
    update: { endedAt: null },
    select: { id: true },
  });
  await tx.$executeRaw`
    INSERT INTO user_role (user_id, role_id) SELECT ${guardianId}::uuid, id FROM role WHERE name = ${GUARDIAN_ROLE}
    ON CONFLICT DO NOTHING`;
}
