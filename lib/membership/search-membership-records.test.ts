import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteMigrationConnection } from "../db/connections.ts";
import { applyMigrations } from "../db/migrate.ts";
import type { SqlQuery } from "../db/database.ts";
import { buildMembershipRegister } from "../demo/build-membership-register.ts";
import { seedMembershipRegister } from "../demo/seed-membership-register.ts";
import { foldName } from "./fold-name.ts";
import { searchMembershipRecords } from "./search-membership-records.ts";

// The ranked search on the embedded database (PGlite with pg_trgm), as `npm run demo` runs it: the
// migrations create the extension, the seed writes the register in one statement, the trigger folds names.
let pglite: PGlite;
let query: SqlQuery;
const register = buildMembershipRegister();
const byName = (given: string, family: string) => register.records.find((record) => record.givenName === given && record.familyName === family)!;
const search = (text: string, own: { emails?: string[]; phones?: string[] } = {}) =>
  searchMembershipRecords({ query }, { text, ownEmails: own.emails ?? [], ownPhones: own.phones ?? [] });

beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { pg_trgm } });
  await applyMigrations(pgliteMigrationConnection(pglite));
  query = async <Row>(text: string, params: readonly unknown[] = []) => (await pglite.query<Row>(text, params as unknown[])).rows;
  await query("INSERT INTO campus (id, name, timezone) VALUES ('cmp_lakeshore', 'Lakeshore Campus', 'America/Chicago')");
}, 120_000);
afterAll(async () => {
  await pglite?.close();
});

describe("the membership register on PGlite", () => {
  it("seeds 2,400 records in one statement, quickly, and again without change", async () => {
    const started = performance.now();
    expect(await seedMembershipRegister(query)).toEqual({ records: register.records.length });
    // ~0.5 s on a quiet machine; the bound leaves room for a busy CI runner.
    expect(performance.now() - started).toBeLessThan(30_000);
    await seedMembershipRegister(query);
    expect(await query("SELECT count(*)::int AS n FROM membership_record")).toEqual([{ n: register.records.length }]);
    // A campus the database lacks is left empty; one it has is linked.
    const campuses = await query<{ campus_id: string | null; n: number }>("SELECT campus_id, count(*)::int AS n FROM membership_record GROUP BY campus_id ORDER BY campus_id");
    expect(campuses.map((row) => row.campus_id)).toEqual(["cmp_lakeshore", null]);
  });

  it("folds every name in SQL exactly as fold-name.ts does", async () => {
    const rows = await query<{ id: string; search_name: string; search_email: string | null; search_phone: string | null }>(
      "SELECT id, search_name, search_email, search_phone FROM membership_record",
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    for (const record of register.records) {
      const row = stored.get(record.id)!;
      expect(row.search_name, `${record.givenName} ${record.familyName}`).toBe(foldName(`${record.givenName} ${record.familyName}`));
      expect(row.search_email).toBe(record.email);
      expect(row.search_phone).toBe(record.phone?.slice(1) ?? null);
    }
  });

  it("ranks by trigram similarity: exact, accent-stripped, nickname and typo'd names find the record first", async () => {
    const jose = byName("José", "Núñez");
    const zoe = byName("Zoë", "Müller");
    const bill = byName("Bill", "Turner");
    const hoa = byName("Hoa", "Nguyễn");
    // Its hint: the initials and the decade of birth, never the name (docs/decisions/0012).
    const decade = (birthDate: string | null) => (birthDate ? `${birthDate.slice(0, 3)}0s` : null);
    expect((await search("José Núñez"))[0]).toEqual({ membership_id: jose.id, score: 1, campus: null, hint: { initials: "J. N.", born: decade(jose.birthDate) } });
    expect((await search("jose nunez"))[0]).toMatchObject({ membership_id: jose.id, score: 1 });
    expect((await search("ZOE MULLER"))[0]).toEqual({ membership_id: zoe.id, score: 1, campus: { id: "cmp_lakeshore", name: "Lakeshore Campus" }, hint: { initials: "Z. M.", born: decade(zoe.birthDate) } });
    // Bill in the register, William typed: a nickname match, just below an exact one.
    expect((await search("William Turner"))[0]).toMatchObject({ membership_id: bill.id, score: 0.97 });
    expect((await search("Nguyen Hoa"))[0]).toMatchObject({ membership_id: hoa.id, score: 1 });
    const typo = await search("Lukasz Wojcki");
    expect(typo[0]!.membership_id).toBe(byName("Łukasz", "Wójcik").id);
    expect(typo[0]!.score).toBeGreaterThan(0.3);
    expect(typo[0]!.score).toBeLessThan(1);
  });

  it("finds a record by the member's own verified email or phone only, answers at most 10, highest first, scores in (0, 1]", async () => {
    const jose = byName("José", "Núñez");
    const own = { emails: [jose.email!], phones: [jose.phone!] };
    // Someone else's address or number finds nothing (issue 14, finding 5): no search confirms another's membership.
    expect(await search(jose.email!.toUpperCase())).toEqual([]);
    expect(await search(jose.phone!)).toEqual([]);
    expect(await search(jose.email!.slice(0, -2))).toEqual([]);
    // The member's own: the records holding exactly it.
    expect((await search(jose.email!.toUpperCase(), own))[0]).toMatchObject({ membership_id: jose.id, score: 1 });
    const national = jose.phone!.slice(2); // typed without +1
    const byPhone = await search(`(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`, own);
    expect(byPhone.map((match) => match.membership_id)).toContain(jose.id);
    for (const match of byPhone) expect(register.records.find((record) => record.id === match.membership_id)!.phone).toBe(jose.phone);
    // A surname alone finds the people who carry it (word similarity), at most 10.
    const smiths = await search("Smith");
    const registered = register.records.filter((record) => record.familyName === "Smith").map((record) => record.id);
    expect(smiths.length).toBe(Math.min(10, registered.length));
    for (const match of smiths) expect(registered).toContain(match.membership_id);
    // The register's commonest surname has more than 10 people: the answer stops at 10, best first.
    const surnames = new Map<string, number>();
    for (const record of register.records) surnames.set(record.familyName, (surnames.get(record.familyName) ?? 0) + 1);
    const [commonest, people] = [...surnames].sort((a, b) => b[1] - a[1])[0]!;
    expect(people).toBeGreaterThan(10);
    const common = await search(commonest);
    expect(common.length).toBe(10);
    for (const [index, match] of common.entries()) {
      expect(match.score).toBeGreaterThan(0);
      expect(match.score).toBeLessThanOrEqual(1);
      if (index > 0) expect(match.score).toBeLessThanOrEqual(common[index - 1]!.score);
    }
    expect(await search("qq")).toEqual([]);
  });

  it("counts the member's own verified email or phone for more, and leaves linked records out", async () => {
    // The Núñez household shares its phone: María's record holds it too.
    const jose = byName("José", "Núñez");
    const maria = byName("María", "Núñez");
    const plain = await search("Maria Nunez");
    expect(plain[0]).toMatchObject({ membership_id: maria.id, score: 1 });
    const withPhone = await search("Jose Nunes", { phones: [jose.phone!] });
    const josePlain = (await search("Jose Nunes")).find((match) => match.membership_id === jose.id)!;
    const joseOwned = withPhone.find((match) => match.membership_id === jose.id)!;
    expect(joseOwned.score).toBeCloseTo(josePlain.score + (1 - josePlain.score) / 2, 3);
    expect(withPhone[0]!.membership_id).toBe(jose.id);

    await query("INSERT INTO account (email, given_name, family_name) VALUES ('linked@example.org', 'L', 'M')");
    await query("UPDATE membership_record SET linked_user_id = (SELECT id FROM account WHERE email = 'linked@example.org') WHERE id = $1", [jose.id]);
    expect((await search("José Núñez")).map((match) => match.membership_id)).not.toContain(jose.id);
  });
});
