import { describe, expect, it } from "vitest";
import { foldName } from "./fold-name.ts";
import { MAX_QUERY_VARIANTS, NICKNAME_GROUPS, nicknameEquivalents, nicknameVariants } from "./nicknames.ts";

describe("foldName", () => {
  it.each([
    ["José Núñez", "jose nunez"],
    ["ZOË MÜLLER", "zoe muller"],
    ["Łukasz Wójcik", "lukasz wojcik"],
    ["Seán O'Brien", "sean obrien"],
    ["Bjørn Østergaard", "bjorn ostergaard"],
    ["Nguyễn Thị Hoa", "nguyen thi hoa"],
    ["Jean-Luc  Picard", "jean luc picard"],
    ["Dreßler", "dressler"],
    ["  ", ""],
  ])("%s → %s", (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });
});

describe("nicknames", () => {
  it("are folded, and every name's equivalents are the other names of its groups", () => {
    for (const group of NICKNAME_GROUPS) for (const name of group) expect(foldName(name)).toBe(name);
    expect(nicknameEquivalents("bill")).toEqual(["william", "billy", "will", "willy", "liam"]);
    expect(nicknameEquivalents("chris")).toEqual(["christopher", "topher", "kit", "christine", "christina", "tina", "chrissy"]);
    expect(nicknameEquivalents("zoe")).toEqual([]);
  });

  it("vary the first word that has equivalents, wherever it stands, and nothing else", () => {
    expect(nicknameVariants("Bill Turner")).toEqual(["william turner", "billy turner", "will turner", "willy turner", "liam turner"]);
    expect(nicknameVariants("Turner, Liz")).toContain("turner elizabeth");
    expect(nicknameVariants("Zoë Müller")).toEqual([]);
    expect(nicknameVariants("Katherine Smith").length).toBeLessThanOrEqual(MAX_QUERY_VARIANTS);
  });
});
