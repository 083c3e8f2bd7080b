import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { addMemberForStaff } from "./add-member-for-staff.ts";
import { createFamilyForStaff } from "./create-family-for-staff.ts";
import { mergeFamilies } from "./merge-families.ts";
import { removeMemberForStaff } from "./remove-member-for-staff.ts";
import { addChildForStaff, removeChildForStaff } from "./staff-children.ts";

// The office's household tools on a database with every migration (docs/decisions/0013): households staff
// make and fill, the rules of leaving kept, and a merge that moves everyone and everything of the other one.
const database = serviceTestDatabase();
const year = new Date().getUTCFullYear();

describe("staff households", () => {
  it("are made, filled, and merged: members, children, pickup lists and waiting requests move; the other is gone", async () => {
    const staff = await insertMember(database);
    const mum = await insertMember(database, { email: "hh-mum@example.org" });
    const dad = await insertMember(database, { email: "hh-dad@example.org" });
    const teen = await insertMember(database, { email: "hh-teen@example.org", birthDate: `${year - 14}-03-03` });
    const into = await createFamilyForStaff(database, "The Does");
    const from = await createFamilyForStaff(database, "The Does (duplicate)");
    expect(into).toMatchObject({ name: "The Does", member_count: 0, members: [] });

    await addMemberForStaff(database, staff.id, into.id, { user_id: mum.id }, TEST_CONTEXT);
    await addMemberForStaff(database, staff.id, from.id, { user_id: dad.id }, TEST_CONTEXT);
    expect((await addMemberForStaff(database, staff.id, from.id, { user_id: teen.id }, TEST_CONTEXT)).member.role).toBe("child");
    expect((await failure(addMemberForStaff(database, staff.id, into.id, { user_id: dad.id }, TEST_CONTEXT)))?.code).toBe("conflict");
    const child = await addChildForStaff(database, staff.id, from.id, { given_name: "Sami", family_name: "Doe", birth_date: `${year - 2}-01-01`, notes: "Naps", guardian_ids: [dad.id] }, TEST_CONTEXT);
    await database.prisma.pickupPerson.create({ data: { childId: child.user_id, kind: "authorized", name: "Aunt Rima" }, select: { id: true } });

    expect((await failure(mergeFamilies(database, staff.id, into.id, into.id, TEST_CONTEXT)))?.description).toBe("from: cannot merge a household into itself");
    const merged = await mergeFamilies(database, staff.id, into.id, from.id, TEST_CONTEXT);
    expect(merged.members.map((member) => member.user_id).sort()).toEqual([mum.id, dad.id, teen.id, child.user_id].sort());
    expect(await database.prisma.family.findUnique({ where: { id: from.id }, select: { id: true } })).toBeNull();
    expect(await database.prisma.pickupPerson.count({ where: { childId: child.user_id } })).toBe(1);
    const requests = await database.prisma.guardianshipRequest.findMany({ where: { dependentId: teen.id }, select: { guardianId: true, familyId: true }, orderBy: { guardianId: "asc" } });
    expect(requests).toEqual([dad.id, mum.id].sort().map((guardianId) => ({ guardianId, familyId: into.id })));
    expect((await securityEventsOf(database, dad.id)).map((event) => event.type)).toContain("family_merged");
    expect((await securityEventsOf(database, mum.id)).map((event) => event.type)).not.toContain("family_merged");

    // Leaving's rule: the last adult stays while children remain; a child without a sign-in goes by the children's route.
    await removeMemberForStaff(database, staff.id, into.id, dad.id, TEST_CONTEXT);
    expect((await failure(removeMemberForStaff(database, staff.id, into.id, mum.id, TEST_CONTEXT)))?.code).toBe("conflict");
    expect((await failure(removeMemberForStaff(database, staff.id, into.id, child.user_id, TEST_CONTEXT)))?.code).toBe("conflict");
    await removeChildForStaff(database, staff.id, into.id, child.user_id, TEST_CONTEXT);
    await removeMemberForStaff(database, staff.id, into.id, teen.id, TEST_CONTEXT);
    await removeMemberForStaff(database, staff.id, into.id, mum.id, TEST_CONTEXT);
    expect(await database.prisma.family.count({ where: { id: into.id } })).toBe(1);
  });
});
