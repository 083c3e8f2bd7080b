import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { addMemberForStaff } from "./add-member-for-staff.ts";
import { createFamilyForStaff } from "./create-family-for-staff.ts";
import { addChildForStaff, removeChildForStaff, updateChildForStaff } from "./staff-children.ts";

// Children without a sign-in as the church office keeps them (docs/decisions/0013): what adding, changing and
// removing one writes, on a database with every migration. What apps see of it over HTTP, its refusals and
// IDOR, is e2e/api/admin-households.spec.ts.
const database = serviceTestDatabase();
const year = new Date().getUTCFullYear();

const holdsGuardianRole = async (userId: string) => (await database.prisma.userRole.count({ where: { userId, role: { name: "guardian" } } })) === 1;
const liveGuardians = async (childId: string) =>
  (await database.prisma.guardianship.findMany({ where: { dependentId: childId, endedAt: null }, select: { guardianId: true }, orderBy: { guardianId: "asc" } })).map((row) => row.guardianId);

describe("a child staff add to a household", () => {
  it("has the guardians named, who hold the guardian role while they guard, and each adult's log says who did what", async () => {
    const staff = await insertMember(database);
    const mum = await insertMember(database);
    const dad = await insertMember(database);
    const family = await createFamilyForStaff(database, "The Haddads");
    for (const adult of [mum, dad]) await addMemberForStaff(database, staff.id, family.id, { user_id: adult.id }, TEST_CONTEXT);

    const child = await addChildForStaff(database, staff.id, family.id, { given_name: "Noor", family_name: "Haddad", birth_date: `${year - 4}-02-02`, notes: "Peanut allergy", guardian_ids: [mum.id, dad.id.toUpperCase()] }, TEST_CONTEXT);
    expect(await liveGuardians(child.user_id)).toEqual([mum.id, dad.id].sort());
    expect(await holdsGuardianRole(dad.id)).toBe(true);
    expect((await securityEventsOf(database, mum.id)).map((event) => event.type)).toEqual(expect.arrayContaining(["guardianship_created", "family_child_added"]));
    expect((await securityEventsOf(database, dad.id)).find((event) => event.type === "family_child_added")?.detail).toEqual({ family_id: family.id, child_id: child.user_id, child_name: "Noor Haddad", by: staff.id });

    await updateChildForStaff(database, staff.id, family.id, child.user_id, { given_name: "Noora", notes: "" }, TEST_CONTEXT);
    expect((await securityEventsOf(database, child.user_id)).filter((event) => event.type === "family_child_updated")).toEqual([
      { type: "family_child_updated", detail: { family_id: family.id, changed: ["given_name", "notes"], by: staff.id } },
    ]);

    // Removed: the child's account, guardianships and pickup list go; a guardian left with none loses the role.
    await database.prisma.pickupPerson.create({ data: { childId: child.user_id, kind: "authorized", name: "Grandma" }, select: { id: true } });
    expect(await removeChildForStaff(database, staff.id, family.id, child.user_id, TEST_CONTEXT)).toEqual({ user_id: child.user_id, status: "removed" });
    expect(await database.prisma.user.count({ where: { id: child.user_id } })).toBe(0);
    expect(await database.prisma.guardianship.count({ where: { dependentId: child.user_id } })).toBe(0);
    expect(await database.prisma.pickupPerson.count({ where: { childId: child.user_id } })).toBe(0);
    expect(await holdsGuardianRole(dad.id)).toBe(false);
    expect((await securityEventsOf(database, mum.id)).filter((event) => event.type === "family_child_removed")).toEqual([
      { type: "family_child_removed", detail: { family_id: family.id, child_id: child.user_id, child_name: "Noora Haddad", by: staff.id } },
    ]);
    expect(await failure(removeChildForStaff(database, staff.id, family.id, child.user_id, TEST_CONTEXT))).toMatchObject({ code: "not_found", description: "child not found" });
  });
});
