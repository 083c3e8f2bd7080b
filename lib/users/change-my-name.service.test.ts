import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember } from "../db/test-fixtures.ts";
import { changeMyName } from "./change-my-name.ts";

const database = serviceTestDatabase();

const nameOf = (userId: string) => database.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { givenName: true, familyName: true, updatedAt: true } });
/** The member's log entries, sorted by what they say (two written in one millisecond have no order). */
const logOf = async (userId: string) =>
  (await database.prisma.securityEvent.findMany({ where: { userId }, select: { type: true, detail: true } })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("changeMyName", () => {
  it("changes either part of the name, moves updated_at and logs the name it became", async () => {
    const member = await insertMember(database, { givenName: "Margaret", familyName: "Smith" });
    const before = await nameOf(member.id);

    await changeMyName(database, member.id, { given_name: "Peggy" }, TEST_CONTEXT);
    await changeMyName(database, member.id, { family_name: "Jones" }, TEST_CONTEXT);

    const after = await nameOf(member.id);
    expect([after.givenName, after.familyName]).toEqual(["Peggy", "Jones"]);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(await logOf(member.id)).toEqual([
      { type: "name_changed", detail: { name: "Peggy Jones" } },
      { type: "name_changed", detail: { name: "Peggy Smith" } },
    ]);
  });

  it("writes and logs nothing when the name stays the same", async () => {
    const member = await insertMember(database, { givenName: "Ruth", familyName: "Bader" });
    await changeMyName(database, member.id, { given_name: "Ruth", family_name: "Bader" }, TEST_CONTEXT);
    expect(await logOf(member.id)).toEqual([]);
  });
});
