import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { childOfHouseholdOrThrow, lockAdultHouseholdOrThrow } from "./adult-household.ts";
import { MAX_PICKUP_PEOPLE } from "./pickup-limits.ts";
import { PickupListSchema, PickupPersonSchema, type AddPickupPersonBody, type PickupList, type PickupPerson, type RemovedPickupPerson } from "./pickup-schemas.ts";

export const NOT_A_HOUSEHOLD_ADULT = "user_id: must be the id of one of the household's adults";

interface PickupRow {
  id: string;
  kind: "authorized" | "not_authorized";
  user_id: string | null;
  name: string;
  relation: string | null;
  phone: string | null;
  created_at: Date;
}

const toPerson = (row: PickupRow): PickupPerson =>
  PickupPersonSchema.parse({ ...row, created_at: new Date(row.created_at).toISOString() });

/** The household's adults, each authorized unless marked otherwise, and the child's named people (also the office's view of a child). */
export async function readPickupListOf(tx: Database, familyId: string, childId: string): Promise<PickupList> {
  const adults = await tx.query<{ user_id: string; name: string; authorized: boolean }>(
    `SELECT m.user_id::text AS user_id, a.given_name || ' ' || a.family_name AS name,
            NOT EXISTS (SELECT 1 FROM pickup_person p WHERE p.child_id = $2::uuid AND p.user_id = m.user_id AND p.kind = 'not_authorized') AS authorized
       FROM family_member m JOIN account a ON a.id = m.user_id
      WHERE m.family_id = $1::uuid AND m.role = 'adult'
      ORDER BY m.joined_at, m.user_id`,
    [familyId, childId],
  );
  const people = await tx.query<PickupRow>(
    `SELECT id::text AS id, kind, user_id::text AS user_id, name, relation, phone, created_at FROM pickup_person WHERE child_id = $1::uuid ORDER BY kind, created_at, id`,
    [childId],
  );
  return PickupListSchema.parse({ child_id: childId, household_adults: adults, people: people.map(toPerson) });
}

/** GET /api/v1/families/me/children/{childId}/pickup: for the household's adults. */
export async function getPickupListOrThrow(database: Database, userId: string, childId: string): Promise<PickupList> {
  if (!isUuid(childId)) throw notFound("child");
  return database.transaction(async (tx) => {
    const { familyId } = await lockAdultHouseholdOrThrow(tx, userId);
    await childOfHouseholdOrThrow(tx, familyId, childId);
    return readPickupListOf(tx, familyId, childId);
  });
}

/**
 * POST …/pickup: an adult of the household names someone who may collect the child, or who may not (a
 * named person, or one of the household's own adults: a court order does not ask who lives where). Both
 * the adult's and the child's security logs say so.
 */
export async function addPickupPersonOrThrow(database: Database, userId: string, childId: string, body: AddPickupPersonBody, context: RequestContext): Promise<PickupPerson> {
  if (!isUuid(childId)) throw notFound("child");
  return database.transaction(async (tx) => {
    const { familyId } = await lockAdultHouseholdOrThrow(tx, userId);
    await childOfHouseholdOrThrow(tx, familyId, childId);
    const [listed] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pickup_person WHERE child_id = $1::uuid`, [childId]);
    if ((listed?.n ?? 0) >= MAX_PICKUP_PEOPLE) throw new IdentityError("conflict", `a child has at most ${MAX_PICKUP_PEOPLE} people on their pickup list`);
    let name = body.name ?? "";
    if (body.user_id !== undefined) {
      const adult = await tx.prisma.familyMember.findFirst({ where: { familyId, userId: body.user_id, role: "adult" }, select: { user: { select: { givenName: true, familyName: true } } } });
      if (!adult) throw new IdentityError("invalid_request", NOT_A_HOUSEHOLD_ADULT);
      name = `${adult.user.givenName} ${adult.user.familyName}`;
      if (await tx.prisma.pickupPerson.findFirst({ where: { childId, userId: body.user_id }, select: { id: true } })) {
        throw new IdentityError("conflict", "that adult is already marked not authorized for this child");
      }
    }
    const row = await tx.prisma.pickupPerson.create({
      data: { childId, kind: body.kind, userId: body.user_id ?? null, name, relation: body.relation ?? null, phone: body.phone ?? null, createdBy: userId },
      select: { id: true, kind: true, userId: true, name: true, relation: true, phone: true, createdAt: true },
    });
    const detail = { family_id: familyId, child_id: childId, pickup_id: row.id, kind: body.kind };
    await recordSecurityEvent(tx, { userId, type: "pickup_person_added", context, detail });
    await recordSecurityEvent(tx, { userId: childId, type: "pickup_person_added", context, detail: { ...detail, changed_by: userId } });
    return toPerson({ id: row.id, kind: row.kind as PickupRow["kind"], user_id: row.userId, name: row.name, relation: row.relation, phone: row.phone, created_at: row.createdAt });
  });
}

/** DELETE …/pickup/{pickupId}: an adult of the household takes someone off the child's list. */
export async function removePickupPersonOrThrow(database: Database, userId: string, childId: string, pickupId: string, context: RequestContext): Promise<RemovedPickupPerson> {
  if (!isUuid(childId)) throw notFound("child");
  if (!isUuid(pickupId)) throw notFound("pickup person");
  return database.transaction(async (tx) => {
    const { familyId } = await lockAdultHouseholdOrThrow(tx, userId);
    await childOfHouseholdOrThrow(tx, familyId, childId);
    const removed = await tx.prisma.pickupPerson.deleteMany({ where: { id: pickupId, childId } });
    if (removed.count === 0) throw notFound("pickup person");
    const detail = { family_id: familyId, child_id: childId, pickup_id: pickupId };
    await recordSecurityEvent(tx, { userId, type: "pickup_person_removed", context, detail });
    await recordSecurityEvent(tx, { userId: childId, type: "pickup_person_removed", context, detail: { ...detail, changed_by: userId } });
    return { id: pickupId, status: "removed" };
  });
}
