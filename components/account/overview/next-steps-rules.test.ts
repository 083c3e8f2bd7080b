import { describe, expect, it } from "vitest";
import { nextSteps, type AccountFacts } from "./next-steps-rules";

const done: AccountFacts = { inHousehold: true, membershipLinkedOrAsked: true, phoneVerified: true, passkeys: 1 };
const ids = (facts: AccountFacts) => nextSteps(facts).map((step) => step.id);

describe("nextSteps", () => {
  it("offers every step to a new member, household first", () => {
    expect(ids({ inHousehold: false, membershipLinkedOrAsked: false, phoneVerified: false, passkeys: 0 })).toEqual(["household", "membership", "phone", "passkey"]);
  });

  it("offers nothing once everything is done", () => {
    expect(ids(done)).toEqual([]);
  });

  it("offers only what is missing", () => {
    expect(ids({ ...done, phoneVerified: false })).toEqual(["phone"]);
    expect(ids({ ...done, passkeys: 0, inHousehold: false })).toEqual(["household", "passkey"]);
  });

  it("leaves out a step whose facts are not known, rather than guess", () => {
    expect(ids({ inHousehold: null, membershipLinkedOrAsked: null, phoneVerified: null, passkeys: null })).toEqual([]);
  });
});
