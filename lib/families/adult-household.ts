import "server-only";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { isMinorOn, utcDate } from "../guardians/majority.ts";

export const ADULTS_ONLY_CHILDREN = "only an adult of the family can add, change or remove its children";

/**
 * The member's household and their role in it, its row locked for the rest of the transaction so two
 * members changing it at once take turns (docs/decisions/0019, reason 2). No household: `not_found`.
 */
export async function lockHouseholdOfMemberOrThrow(tx: Database, userId: string): Promise<{ familyId: string; role: "adult" | "child" }> {
  const [row] = await tx.query<{ family_id: string; role: "adult" | "child" }>(
    `SELECT m.family_id::text AS family_id, m.role FROM family_member m JOIN family f ON f.id = m.family_id WHERE m.user_id = $1::uuid FOR UPDATE OF f`,
    [userId],
  );
  if (!row) throw notFound("family");
  return { familyId: row.family_id, role: row.role };
}

/**
 * A household by its id, its row locked for the rest of the transaction, as the member routes lock it (so
 * staff and members changing one household take turns). Not a UUID or no such household: `not_found`.
 */
export async function lockFamilyOrThrow(tx: Database, familyId: string): Promise<{ familyId: string; name: string }> {
  if (!isUuid(familyId)) throw notFound("family");
  const [row] = await tx.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM family WHERE id = $1::uuid FOR UPDATE`, [familyId]);
  if (!row) throw notFound("family");
  return { familyId: row.id, name: row.name };
}

/** The same for a caller who must be one of its adults; a child of it: `forbidden`. */
export async function lockAdultHouseholdOrThrow(tx: Database, userId: string): Promise<{ familyId: string }> {
  const { familyId, role } = await lockHouseholdOfMemberOrThrow(tx, userId);
  if (role !== "adult") throw new IdentityError("forbidden", ADULTS_ONLY_CHILDREN);
  return { familyId };
}

/** A birth date that makes its holder a child today, or the field's error. */
export function assertChildBirthDate(birthDate: string, now: Date): void {
  const today = utcDate(now);
  if (birthDate > today) throw new IdentityError("invalid_request", "birth_date: must not be in the future");
  if (!isMinorOn(birthDate, today, env().AGE_OF_MAJORITY)) throw new IdentityError("invalid_request", `birth_date: a child must be under ${env().AGE_OF_MAJORITY}`);
}

/** A child of this household (role `child`), or `not_found`: another household's child is not found, never forbidden. */
export async function childOfHouseholdOrThrow(tx: Database, familyId: string, childId: string) {
  const child = await tx.prisma.familyMember.findFirst({
    where: { familyId, userId: childId, role: "child" },
    select: { userId: true, notes: true, user: { select: { givenName: true, familyName: true, birthDate: true, email: true } } },
  });
  if (!child) throw notFound("child");
  return child;
}
