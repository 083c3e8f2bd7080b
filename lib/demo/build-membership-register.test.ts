import { isValidPhoneNumber } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { foldName } from "../membership/fold-name.ts";
import { NICKNAME_GROUPS } from "../membership/nicknames.ts";
import { buildMembershipRegister, REGISTER_CAMPUS_IDS } from "./build-membership-register.ts";
import { buildSearchQualityQueries } from "./membership-search-queries.ts";

const register = buildMembershipRegister();
const { records } = register;
const count = <T>(items: T[], key: (item: T) => string | null) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = key(item);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
};

describe("the demo membership register", () => {
  it("is deterministic, at least 2,000 records with unique, unguessable-looking ids", () => {
    expect(buildMembershipRegister()).toEqual(register);
    expect(records.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
    for (const record of records) expect(record.id).toMatch(/^mbr_[0-9a-f]{16}$/);
  });

  it("lives in households at the demo campuses, with plausible birth dates", () => {
    expect(new Set(records.map((record) => record.campusId))).toEqual(new Set(REGISTER_CAMPUS_IDS));
    const households = count(records, (record) => record.householdId);
    expect([...households.values()].filter((size) => size >= 3).length).toBeGreaterThan(200);
    for (const record of records) if (record.birthDate) expect(record.birthDate >= "1930-01-01" && record.birthDate <= "2025-12-31").toBe(true);
    expect(records.filter((record) => record.birthDate === null).length).toBeGreaterThan(50);
  });

  it("has accents, nicknames, shared family contacts, records without contacts and near-duplicates", () => {
    const accented = records.filter((record) => /[^\x00-\x7f]/.test(record.givenName + record.familyName));
    expect(accented.length).toBeGreaterThan(300);
    for (const name of ["José", "Zoë", "Müller", "Łukasz", "Nguyễn"]) expect(records.some((record) => `${record.givenName} ${record.familyName}`.includes(name)), name).toBe(true);
    const nicknames = new Set(NICKNAME_GROUPS.flatMap((group) => group.slice(1)));
    expect(records.filter((record) => nicknames.has(foldName(record.givenName))).length).toBeGreaterThan(100);
    // A shared contact is one several records of one household carry.
    const sharedEmails = [...count(records, (record) => record.email)].filter(([, n]) => n > 1);
    const sharedPhones = [...count(records, (record) => record.phone)].filter(([, n]) => n > 1);
    expect(sharedEmails.length).toBeGreaterThan(50);
    expect(sharedPhones.length).toBeGreaterThan(50);
    expect(records.filter((record) => !record.email && !record.phone).length).toBeGreaterThan(100);
    expect(register.duplicates.length).toBeGreaterThan(15);
  });

  it("uses reserved email domains and fictional numbers that are valid E.164 (codes are sent to them)", () => {
    for (const record of records) {
      if (record.email) expect(record.email).toMatch(/^[a-z0-9._]+@example\.(com|org|net)$/);
      if (record.phone) expect(isValidPhoneNumber(record.phone), record.phone).toBe(true);
      if (record.phone) expect(record.phone).toMatch(/^\+1\d{3}555\d{4}$|^\+4420794600\d{2}$|^\+442079460\d{3}$/);
    }
  });
});

describe("the search-quality queries", () => {
  it("are deterministic: 30 of each kind, from distinct records that were not entered twice", () => {
    const queries = buildSearchQualityQueries(register);
    expect(buildSearchQualityQueries(register)).toEqual(queries);
    expect(queries.filter((query) => query.kind === "typo")).toHaveLength(30);
    expect(queries.filter((query) => query.kind === "nickname")).toHaveLength(30);
    expect(queries.filter((query) => query.kind === "accent")).toHaveLength(30);
    expect(new Set(queries.map((query) => query.expectedId)).size).toBe(90);
    const duplicated = new Set(register.duplicates.flat());
    for (const query of queries) expect(duplicated.has(query.expectedId)).toBe(false);
    for (const query of queries.filter((candidate) => candidate.kind !== "nickname")) expect(query.text).toMatch(/^[\x20-\x7e]+$/);
  });
});
