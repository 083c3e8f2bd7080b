import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { createGuardianshipForStaff } from "./create-guardianship-for-staff.ts";
import { endGuardianshipForStaff } from "./end-guardianship-for-staff.ts";
import { issueFamilyCode } from "./family-code.ts";
import { getFamilyForStaffOrThrow } from "./get-family-for-staff-or-throw.ts";
import { getMyFamilyOrThrow } from "./get-my-family-or-throw.ts";
import { joinFamily } from "./join-family.ts";
import { listFamilies } from "./list-families.ts";
import { listGuardianships } from "./list-guardianships.ts";
import { rotateFamilyCode } from "./rotate-family-code.ts";

// Families joined by code, and households and guardianships as staff keep them, on a database with every migration.
const database = serviceTestDatabase();

describe("families", () => {
  it("are joined with a code, which adults can replace, and staff see them without it", async () => {
    const { prisma } = database;
    const now = new Date();
    const issued = await issueFamilyCode(now, "K7QM2XR9DW");
    const family = await prisma.family.create({
      data: { name: "The Does", codeHash: issued.hash, codeEncrypted: issued.sealed, codeExpiresAt: issued.expiresAt },
      select: { id: true },
    });
    const jane = await insertMember(database, { givenName: "Jane" });
    const kid = await insertMember(database, { givenName: "Kid", birthDate: `${now.getUTCFullYear() - 8}-01-01` });

    expect(await joinFamily(database, jane.id, "k7qm2-xr9dw", TEST_CONTEXT)).toEqual({ family_id: family.id, status: "member" });
    expect(await joinFamily(database, jane.id, "K7QM2XR9DW", TEST_CONTEXT)).toEqual({ family_id: family.id, status: "member" });
    await joinFamily(database, kid.id, "K7QM2XR9DW", TEST_CONTEXT);
    expect((await failure(joinFamily(database, kid.id, "AAAAA-AAAAA", TEST_CONTEXT)))?.description).toBe("code: is not a valid family code");

    const mine = await getMyFamilyOrThrow(database, jane.id);
    expect(mine).toMatchObject({ family_id: family.id, your_role: "adult", code: { code: "K7QM2-XR9DW", uses_left: 8, active: true } });
    expect(mine.members.map((member) => [member.given_name, member.role, member.you])).toEqual([["Jane", "adult", true], ["Kid", "child", false]]);
    expect((await getMyFamilyOrThrow(database, kid.id)).code).toBeUndefined();
    expect((await failure(rotateFamilyCode(database, kid.id, TEST_CONTEXT)))?.code).toBe("forbidden");
    const rotated = await rotateFamilyCode(database, jane.id, TEST_CONTEXT);
    expect(rotated).toMatchObject({ uses_left: 10, active: true });
    expect(rotated.code).not.toBe("K7QM2-XR9DW");

    expect(await listFamilies(database, { page: 1, per: 20, sort: "name", q: "does" })).toEqual({
      metadata: { total: 1, page: 1, per: 20 },
      items: [{ id: family.id, name: "The Does", member_count: 2, created_at: expect.stringMatching(/Z$/) }],
    });
    const detail = await getFamilyForStaffOrThrow(database, family.id);
    expect(detail.members.map((member) => member.role)).toEqual(["adult", "child"]);
    expect(JSON.stringify(detail)).not.toContain(rotated.code!.slice(0, 5));
  });

  it("have guardianships staff record and end, which give and take the guardian role", async () => {
    const { prisma } = database;
    const staff = await insertMember(database);
    const mum = await insertMember(database, { email: "mum@example.org" });
    const child = await insertMember(database, { birthDate: `${new Date().getUTCFullYear() - 6}-05-05` });
    const holdsGuardian = async () => (await prisma.userRole.count({ where: { userId: mum.id, role: { name: "guardian" } } })) === 1;

    expect((await failure(createGuardianshipForStaff(database, staff.id, mum.id, staff.id, TEST_CONTEXT)))?.description).toBe(
      "dependent_id: a dependant must have a birth date and be under the age of majority",
    );
    const created = await createGuardianshipForStaff(database, staff.id, mum.id, child.id, TEST_CONTEXT);
    expect(created).toMatchObject({ created: true, guardianship: { guardian: { id: mum.id }, dependent: { id: child.id }, ended_at: null } });
    expect(await holdsGuardian()).toBe(true);
    expect((await createGuardianshipForStaff(database, staff.id, mum.id, child.id, TEST_CONTEXT)).created).toBe(false);

    const ended = await endGuardianshipForStaff(database, staff.id, created.guardianship.id, TEST_CONTEXT);
    expect(ended.ended_at).toEqual(expect.stringMatching(/Z$/));
    expect(await endGuardianshipForStaff(database, staff.id, created.guardianship.id, TEST_CONTEXT)).toEqual(ended);
    expect(await holdsGuardian()).toBe(false);
    expect(await prisma.securityEvent.count({ where: { userId: child.id, type: { in: ["guardianship_created", "guardianship_ended"] } } })).toBe(2);

    expect(await listGuardianships(database, { page: 1, per: 20, sort: "-createdAt", status: "ended", q: "mum@" })).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [ended] });
    expect((await listGuardianships(database, { page: 1, per: 20, sort: "createdAt", status: "active" })).metadata.total).toBe(0);
    expect((await failure(endGuardianshipForStaff(database, staff.id, "not-a-uuid", TEST_CONTEXT)))?.code).toBe("not_found");
  });
});
