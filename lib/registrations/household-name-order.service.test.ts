import { describe, expect, it } from "vitest";
import { householdOf } from "../check-in/find-household.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertMember } from "../db/test-fixtures.ts";
import { householdPeople } from "./household-people.ts";

// A household's names in the order people read them (issue 41), on both databases: their collation is the
// server's (byte order on C.UTF-8), which would put Zoe before Ángel and bea last.
const database = serviceTestDatabase();

async function household() {
  const family = await database.prisma.family.create({ data: { name: "The Peñas", codeHash: `h-${crypto.randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
  const [mum, zoe, angel, bea] = await Promise.all([
    insertMember(database, { givenName: "Rosa" }),
    insertMember(database, { givenName: "Zoe", email: null, password: false }),
    insertMember(database, { givenName: "Ángel", email: null, password: false }),
    insertMember(database, { givenName: "bea", email: null, password: false }),
  ]);
  await database.prisma.familyMember.createMany({
    data: [
      { familyId: family.id, userId: mum.id, role: "adult" },
      { familyId: family.id, userId: zoe.id, role: "child" },
      { familyId: family.id, userId: angel.id, role: "child" },
      { familyId: family.id, userId: bea.id, role: "child" },
    ],
  });
  return mum.id;
}

describe("a household's names", () => {
  it("come to the sign-up form as people read them: the member first, then the children, accents beside their letters", async () => {
    const mum = await household();
    expect((await householdPeople(database, mum)).map((person) => [person.given_name, person.relation])).toEqual([
      ["Rosa", "self"],
      ["Ángel", "child"],
      ["bea", "child"],
      ["Zoe", "child"],
    ]);
  });

  it("come to the kiosk the same way: the adults, then the children by name", async () => {
    const mum = await household();
    expect((await householdOf(database, mum))?.members.map((member) => member.given_name)).toEqual(["Rosa", "Ángel", "bea", "Zoe"]);
  });
});
