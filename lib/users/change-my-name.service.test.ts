import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember } from "../db/test-fixtures.ts";
import { claimsForScopes } from "../oauth/claims.ts";
import { changeMyName } from "./change-my-name.ts";
import { getProfileOrThrow } from "./get-profile-or-throw.ts";
import { updateMyNameBodySchema } from "./schemas.ts";

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

  it("keeps the name a member goes by: in the profile and the nickname claim while set, gone when cleared", async () => {
    const member = await insertMember(database, { givenName: "Robert", familyName: "Lee" });
    const viewer = { scopes: ["openid", "profile"], firstPartyClient: false, permissions: [] };
    expect(await getProfileOrThrow(database, member.id, viewer)).not.toHaveProperty("nickname");

    await changeMyName(database, member.id, updateMyNameBodySchema.parse({ nickname: " Bob " }), TEST_CONTEXT);
    expect(await getProfileOrThrow(database, member.id, viewer)).toMatchObject({ given_name: "Robert", nickname: "Bob" });
    expect(await claimsForScopes(database, member.id, ["openid", "profile"])).toMatchObject({ given_name: "Robert", nickname: "Bob" });
    expect(await claimsForScopes(database, member.id, ["openid", "email"])).not.toHaveProperty("nickname");

    await changeMyName(database, member.id, updateMyNameBodySchema.parse({ nickname: "" }), TEST_CONTEXT);
    expect(await getProfileOrThrow(database, member.id, viewer)).not.toHaveProperty("nickname");
    expect(await claimsForScopes(database, member.id, ["openid", "profile"])).not.toHaveProperty("nickname");
    expect(await logOf(member.id)).toEqual([
      { type: "name_changed", detail: { goes_by: "Bob", name: "Robert Lee" } },
      { type: "name_changed", detail: { name: "Robert Lee" } },
    ]);

    expect(updateMyNameBodySchema.safeParse({ nickname: "<b>" }).error?.issues[0]?.message).toBe("Enter the name you go by, or leave it empty.");
    expect(updateMyNameBodySchema.safeParse({ nickname: null }).data).toEqual({ nickname: null });
    expect(updateMyNameBodySchema.safeParse({}).error?.issues[0]?.message).toBe("send given_name, family_name or nickname");
  });

  it("writes and logs nothing when the name stays the same", async () => {
    const member = await insertMember(database, { givenName: "Ruth", familyName: "Bader" });
    await changeMyName(database, member.id, { given_name: "Ruth", family_name: "Bader" }, TEST_CONTEXT);
    expect(await logOf(member.id)).toEqual([]);
  });
});
