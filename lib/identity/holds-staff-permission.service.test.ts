import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertMember } from "../db/test-fixtures.ts";
import { holdsStaffPermission } from "./holds-staff-permission.ts";

const database = serviceTestDatabase();

async function memberWithRoles(...roles: string[]) {
  const member = await insertMember(database);
  for (const role of roles) await database.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = $2`, [member.id, role]);
  return member.id;
}

describe("holdsStaffPermission", () => {
  it("is true for staff and administrators, false for members, guardians and check-in volunteers (a kiosk's permission is not the office's)", async () => {
    expect(await holdsStaffPermission(database, await memberWithRoles("staff"))).toBe(true);
    expect(await holdsStaffPermission(database, await memberWithRoles("member", "admin"))).toBe(true);
    expect(await holdsStaffPermission(database, await memberWithRoles("member", "guardian", "kiosk"))).toBe(false);
    expect(await holdsStaffPermission(database, await memberWithRoles())).toBe(false);
  });
});
