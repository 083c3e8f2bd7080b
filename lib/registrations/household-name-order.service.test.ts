import { describe, expect, it } from "vitest";
import { householdOf } from "../check-in/find-household.ts";
import { insertHousehold } from "../check-in/test-setup.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { householdPeople } from "./household-people.ts";

// A household's names in the order people read them (issue 41), on both databases: their collation is the
// server's (byte order on C.UTF-8), which would put Rosa before Álvaro and Zoe before ángel.
const database = serviceTestDatabase();

const household = () => insertHousehold(database, { family: "The Peñas", mum: "Rosa", dad: "Álvaro", first: "Zoe", second: "ángel", notes: "" });

describe("a household's names", () => {
  it("come to the sign-up form as people read them: the member first, then the children, accents and case beside their letters", async () => {
    const { mum } = await household();
    expect((await householdPeople(database, mum)).map((person) => [person.given_name, person.relation])).toEqual([
      ["Rosa", "self"],
      ["ángel", "child"],
      ["Zoe", "child"],
    ]);
  });

  it("come to the kiosk the same way: the adults by name, then the children by name", async () => {
    const { mum } = await household();
    expect((await householdOf(database, mum))?.members.map((member) => member.given_name)).toEqual(["Álvaro", "Rosa", "ángel", "Zoe"]);
  });
});
