import "server-only";
import { listConsents } from "../consents/list-consents.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { comesOfAgeOn, isCalendarDate } from "./majority.ts";
import { DependentListSchema, type DependentList } from "./schemas.ts";

/** GET /api/v1/users/me/dependents: the caller's dependants under a live guardianship, youngest last, each with their consents. */
export async function listDependents(database: Database, guardianId: string): Promise<DependentList> {
  const guardianships = await database.prisma.guardianship.findMany({
    where: { guardianId, endedAt: null },
    select: {
      createdAt: true,
      // The password hash only to tell whether there is one; it leaves this function as a boolean.
      dependent: { select: { id: true, givenName: true, familyName: true, birthDate: true, email: true, passwordHash: true } },
    },
    orderBy: [{ dependent: { birthDate: { sort: "asc", nulls: "last" } } }, { dependent: { givenName: "asc" } }, { dependent: { id: "asc" } }],
  });
  const age = env().AGE_OF_MAJORITY;
  // A guardian has a handful of dependants: one query each keeps the consents exactly as the member's own list.
  const dependents = await Promise.all(
    guardianships.map(async ({ createdAt, dependent }) => {
      const birthDate = dependent.birthDate && isCalendarDate(dependent.birthDate) ? dependent.birthDate : null;
      return {
        id: dependent.id,
        given_name: dependent.givenName,
        family_name: dependent.familyName,
        birth_date: birthDate,
        comes_of_age_on: birthDate ? comesOfAgeOn(birthDate, age) : null,
        has_sign_in: dependent.email !== null && dependent.passwordHash !== null,
        guardian_since: createdAt.toISOString(),
        consents: await listConsents(database, dependent.id),
      };
    }),
  );
  return DependentListSchema.parse({ dependents });
}
