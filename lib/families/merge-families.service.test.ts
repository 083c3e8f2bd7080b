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

  it("keeps this household's name and code and each moved member's notes, and logs every member moved with both households, their role and who merged", async () => {
    const staff = await insertMember(database);
    const mum = await insertMember(database);
    const dad = await insertMember(database);
    const into = await createFamilyForStaff(database, "The Keepers");
    const from = await createFamilyForStaff(database, "The Keepers (duplicate)");
    await addMemberForStaff(database, staff.id, into.id, { user_id: mum.id }, TEST_CONTEXT);
    await addMemberForStaff(database, staff.id, from.id, { user_id: dad.id }, TEST_CONTEXT);
    const child = await addChildForStaff(database, staff.id, from.id, { given_name: "Noor", family_name: "Keeper", birth_date: `${year - 3}-05-05`, notes: "Naps at noon", guardian_ids: [dad.id] }, TEST_CONTEXT);
    const codeBefore = await database.prisma.family.findUniqueOrThrow({ where: { id: into.id }, select: { codeHash: true } });

    const merged = await mergeFamilies(database, staff.id, into.id, from.id.toUpperCase(), TEST_CONTEXT);
    expect(merged).toMatchObject({ id: into.id, name: "The Keepers", member_count: 3 });
    expect(merged.members.find((member) => member.user_id === child.user_id)?.notes).toBe("Naps at noon");
    expect(await database.prisma.family.findUniqueOrThrow({ where: { id: into.id }, select: { codeHash: true } })).toEqual(codeBefore);
    for (const [member, role] of [
      [dad.id, "adult"],
      [child.user_id, "child"],
    ] as const) {
      expect((await securityEventsOf(database, member)).filter((event) => event.type === "family_merged")).toEqual([
        { type: "family_merged", detail: { family_id: into.id, from_family_id: from.id, role, by: staff.id } },
      ]);
    }
    expect((await securityEventsOf(database, mum.id)).filter((event) => event.type === "family_merged")).toEqual([]);
    // Done once: the other household is gone, so merging it again is a refusal, not a second merge.
    expect((await failure(mergeFamilies(database, staff.id, into.id, from.id, TEST_CONTEXT)))?.description).toBe("from: no such household");
  });

  it("refuses merging into itself, an unknown other household and an unknown or malformed id, and changes nothing", async () => {
    const staff = await insertMember(database);
    const adult = await insertMember(database);
    const into = await createFamilyForStaff(database, "The Unmoved");
    await addMemberForStaff(database, staff.id, into.id, { user_id: adult.id }, TEST_CONTEXT);
    const state = async () => ({
      families: await database.prisma.family.findMany({ where: { id: into.id } }),
      members: await database.prisma.familyMember.findMany({ where: { familyId: into.id } }),
      events: await securityEventsOf(database, adult.id),
    });
    const before = await state();
    const unknown = "00000000-0000-4000-8000-000000000000";
    const refusals: [familyId: string, fromId: string, refusal: { code: string; description: string }][] = [
      [into.id, into.id.toUpperCase(), { code: "invalid_request", description: "from: cannot merge a household into itself" }],
      [into.id, unknown, { code: "invalid_request", description: "from: no such household" }],
      [unknown, into.id, { code: "not_found", description: "family not found" }],
      ["not-a-uuid", into.id, { code: "not_found", description: "family not found" }],
    ];
    for (const [familyId, fromId, refusal] of refusals) expect(await failure(mergeFamilies(database, staff.id, familyId, fromId, TEST_CONTEXT)), `${familyId} ← ${fromId}`).toMatchObject(refusal);
    expect(await state()).toEqual(before);
  });

  it("two merges of the same pair in opposite directions at once take turns: one merges, the other finds its household gone", async () => {
    const staff = await insertMember(database);
    for (let round = 0; round < 3; round += 1) {
      const a = await createFamilyForStaff(database, `Race A${round}`);
      const b = await createFamilyForStaff(database, `Race B${round}`);
      await addMemberForStaff(database, staff.id, a.id, { user_id: (await insertMember(database)).id }, TEST_CONTEXT);
      await addMemberForStaff(database, staff.id, b.id, { user_id: (await insertMember(database)).id }, TEST_CONTEXT);
      const outcomes = await Promise.allSettled([mergeFamilies(database, staff.id, a.id, b.id, TEST_CONTEXT), mergeFamilies(database, staff.id, b.id, a.id, TEST_CONTEXT)]);
      const merged = outcomes.filter((outcome) => outcome.status === "fulfilled");
      expect(merged).toHaveLength(1);
      const survivor = outcomes[0].status === "fulfilled" ? a.id : b.id;
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(refused?.status === "rejected" && refused.reason).toMatchObject({ code: "not_found", description: "family not found" });
      expect(await database.prisma.familyMember.count({ where: { familyId: survivor } })).toBe(2);
      expect((await database.prisma.family.findMany({ where: { id: { in: [a.id, b.id] } }, select: { id: true } })).map((family) => family.id)).toEqual([survivor]);
    }
  });
});
