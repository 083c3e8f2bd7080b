import { beforeAll, describe, expect, it } from "vitest";
import { openStaffAuditEntry } from "../audit/open-audit-entry.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { IdentityError } from "../identity/errors.ts";
import { getPeopleImportOrThrow, listPeopleImports } from "./people-import-answer.ts";
import { FILE_PART_CHARACTERS, readPeopleImportFile, storePeopleImportFile } from "./people-import-file.ts";
import { IMPORT_BATCH_ROWS } from "./people-import-rules.ts";
import { createPeopleImport, remapPeopleImport } from "./preview-people-import.ts";
import { continuePeopleImport, startPeopleImport } from "./run-people-import.ts";
import { undoPeopleImport } from "./undo-people-import.ts";

// Importing a church's people from another system's file (issue 40): a preview that writes nothing, matching
// that makes a re-import change nothing, households kept together, batches that resume after a crash with no
// half-row, undo, and the audit log's counts. On PGlite and PostgreSQL.
const database = serviceTestDatabase({ CHURCH_COUNTRY: "US" });

const PCO_HEADER = "Person ID,First Name,Last Name,Nickname,Birthdate,Email,Mobile Phone Number,Household ID,Household Name,Household Primary Contact";
const csv = (...lines: string[]) => new TextEncoder().encode([PCO_HEADER, ...lines].join("\r\n") + "\r\n");

let actorId = "";
beforeAll(async () => {
  const actor = await database.prisma.user.create({ data: { email: "office@grace.example", givenName: "Olive", familyName: "Office" }, select: { id: true } });
  actorId = actor.id;
});

/** An import run to its end as the office starts one: in an audited staff write, then batch after batch. */
async function importFile(bytes: Uint8Array, fileName = "people.csv") {
  const id = await createPeopleImport(database, { fileName, bytes, actorId });
  await database.transaction(async (tx) => {
    await openStaffAuditEntry(tx, { actorId, clientId: "portal", method: "POST", path: `/api/v1/admin/people-imports/${id}/start`, targetId: id, requestId: crypto.randomUUID() });
    await startPeopleImport(tx, id, { inBackground: false });
  });
  expect(await continuePeopleImport(database, id)).toBe(true);
  return getPeopleImportOrThrow(database, id);
}

async function recordsNamed(familyName: string) {
  return database.query<{ given_name: string; birth_date: string | null; email: string | null; phone: string | null; household_id: string | null; remote_id: string | null }>(
    `SELECT given_name, birth_date, email, phone, household_id, remote_id FROM membership_record WHERE family_name = $1 ORDER BY given_name`,
    [familyName],
  );
}

describe("a people import", () => {
  const FILE = csv(
    "101,Maria,Okafor,,03/14/1981,maria@okafor.example,(617) 555-0101,H1,The Okafor Household,true",
    "102,Samuel,Okafor,Sam,07/02/1979,sam@okafor.example,617-555-0102,H1,The Okafor Household,false",
    "103,Ada,Okafor,,2015-09-30,,,H1,The Okafor Household,false",
    "104,=cmd|' /C calc'!A0,Okafor,,,,,,,",
    "105,Grace,Lindqvist,,1990-13-40,not-an-email,12,,,",
  );

  it("previews without writing to the register: counts, the file's kind and every row's problems", async () => {
    const id = await createPeopleImport(database, { fileName: "pco.csv", bytes: FILE, actorId });
    const preview = await getPeopleImportOrThrow(database, id);
    expect(preview).toMatchObject({ status: "ready", source: "planning_center", rows_total: 5, created: 4, updated: 0, unchanged: 0, skipped: 1 });
    expect(preview.mapping).toMatchObject({ remote_id: "Person ID", given_name: "First Name", family_name: "Last Name", email: "Email", household_id: "Household ID" });
    expect(preview.problems.find((problem) => problem.row === 5)).toMatchObject({ severity: "error" });
    expect(preview.problems.filter((problem) => problem.row === 6).map((problem) => problem.severity)).toEqual(expect.arrayContaining(["warning"]));
    expect(await recordsNamed("Okafor")).toEqual([]);
  });

  it("imports people with their households, and a second run of the same file changes nothing", async () => {
    const done = await importFile(FILE);
    expect(done).toMatchObject({ status: "done", rows_done: 5, created: 4, updated: 0, unchanged: 0, skipped: 1 });
    const okafors = await recordsNamed("Okafor");
    expect(okafors).toEqual([
      { given_name: "Ada", birth_date: "2015-09-30", email: null, phone: null, household_id: "H1", remote_id: "103" },
      { given_name: "Maria", birth_date: "1981-03-14", email: "maria@okafor.example", phone: "+16175550101", household_id: "H1", remote_id: "101" },
      { given_name: "Samuel", birth_date: "1979-07-02", email: "sam@okafor.example", phone: "+16175550102", household_id: "H1", remote_id: "102" },
    ]);
    const again = await importFile(FILE);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4, skipped: 1 });
    expect(await recordsNamed("Okafor")).toEqual(okafors);
  });

  it("updates what an updated file changes, and a blank cell erases nothing", async () => {
    const done = await importFile(csv("102,Samuel,Okafor,Sam,07/02/1979,,(617) 555-0199,H1,The Okafor Household,false"));
    expect(done).toMatchObject({ created: 0, updated: 1 });
    expect((await recordsNamed("Okafor")).find((record) => record.given_name === "Samuel")).toMatchObject({ email: "sam@okafor.example", phone: "+16175550199" });
  });

  it("matches records without the other system's id by email and first name, then by name and birth date", async () => {
    await database.query(
      `INSERT INTO membership_record (id, given_name, family_name, birth_date, email) VALUES ('mbr_byemail', 'Ruth', 'Abara', NULL, 'ruth@abara.example'), ('mbr_byname', 'Tomas', 'Abara', '1970-01-05', NULL)`,
    );
    const id = await createPeopleImport(database, { fileName: "abara.csv", bytes: csv("201,Ruth,Abara,,,ruth@abara.example,,H9,,", "202,Tomas,Abara,,01/05/1970,,,H9,,", "203,Ruth,Okoro,,,ruth@abara.example,,,,"), actorId });
    // A later row with the same address and first name is the same person (a new surname): left out, and said.
    expect((await getPeopleImportOrThrow(database, id)).problems).toContainEqual({ row: 4, column: null, message: "The same person as row 2: this row is left out.", severity: "warning" });
    const done = await importFile(csv("201,Ruth,Abara,,,ruth@abara.example,,H9,,", "202,Tomas,Abara,,01/05/1970,,,H9,,", "203,Ruth,Okoro,,,ruth@abara.example,,,,"));
    expect(done).toMatchObject({ created: 0, updated: 2, skipped: 1 });
    const [byEmail] = await database.query<{ remote_id: string; household_id: string }>(`SELECT remote_id, household_id FROM membership_record WHERE id = 'mbr_byemail'`);
    const [byName] = await database.query<{ remote_id: string }>(`SELECT remote_id FROM membership_record WHERE id = 'mbr_byname'`);
    expect(byEmail).toEqual({ remote_id: "201", household_id: "H9" });
    expect(byName).toEqual({ remote_id: "202" });
  });

  it("takes another mapping of the columns, and refuses one naming a column the file does not have", async () => {
    const id = await createPeopleImport(database, { fileName: "odd.csv", bytes: new TextEncoder().encode("Who,Surname\nPat,Rivera\n"), actorId });
    const before = await getPeopleImportOrThrow(database, id);
    expect(before.source).toBe("other");
    expect(await thrownBy(IdentityError, remapPeopleImport(database, id, { given_name: "Nope" }))).toMatchObject({ code: "invalid_request" });
    await remapPeopleImport(database, id, { given_name: "Who", family_name: "Surname" });
    expect(await getPeopleImportOrThrow(database, id)).toMatchObject({ created: 1, mapping: { given_name: "Who", family_name: "Surname" } });
  });

  it("goes on after a crash from its last batch, with no half-row and no duplicate", async () => {
    const rows = Array.from({ length: IMPORT_BATCH_ROWS * 2 + 37 }, (_, index) => `${5000 + index},Person${index},Batchson,,,,,,,`);
    const id = await createPeopleImport(database, { fileName: "big.csv", bytes: csv(...rows), actorId });
    await database.transaction((tx) => startPeopleImport(tx, id, { inBackground: false }));
    // The runner stops after one batch, as a killed process would: that batch is whole, the rest not begun.
    expect(await continuePeopleImport(database, id, { stopAfterBatches: 1 })).toBe(false);
    expect(await getPeopleImportOrThrow(database, id)).toMatchObject({ status: "running", rows_done: IMPORT_BATCH_ROWS, created: IMPORT_BATCH_ROWS });
    const [partial] = await database.query<{ count: number }>(`SELECT count(*)::int AS count FROM membership_record WHERE family_name = 'Batchson'`);
    expect(partial!.count).toBe(IMPORT_BATCH_ROWS);
    // Two runners go on at once (another instance's scheduled job): each batch is applied once.
    await Promise.all([continuePeopleImport(database, id), continuePeopleImport(database, id)]);
    expect(await getPeopleImportOrThrow(database, id)).toMatchObject({ status: "done", rows_done: rows.length, created: rows.length });
    const [whole] = await database.query<{ count: number; people: number }>(`SELECT count(*)::int AS count, count(DISTINCT remote_id)::int AS people FROM membership_record WHERE family_name = 'Batchson'`);
    expect(whole).toEqual({ count: rows.length, people: rows.length });
  });

  it("reads a file handed over a few bytes at a time (the command line's, from disk) as it reads an upload, and drops it when done", async () => {
    const file = csv("601,Zoë,Piecemeal,,1984-02-29,zoe@piecemeal.example,,,,", "602,Nguyễn,Piecemeal,,,,,,,");
    const inPieces = function* () {
      for (let start = 0; start < file.length; start += 7) yield file.subarray(start, start + 7);
    };
    const id = await createPeopleImport(database, { fileName: "pieces.csv", bytes: inPieces, actorId });
    expect(await getPeopleImportOrThrow(database, id)).toMatchObject({ status: "ready", encoding: "utf-8", created: 2, problem_count: 0 });
    const [stored] = await database.query<{ parts: number }>(`SELECT count(*)::int AS parts FROM people_import_file_part WHERE import_id = $1::uuid`, [id]);
    expect(stored!.parts).toBe(1);
    await database.transaction((tx) => startPeopleImport(tx, id, { inBackground: false }));
    expect(await continuePeopleImport(database, id)).toBe(true);
    expect((await recordsNamed("Piecemeal")).map((record) => [record.given_name, record.birth_date])).toEqual([["Nguyễn", null], ["Zoë", "1984-02-29"]]);
    const [dropped] = await database.query<{ parts: number }>(`SELECT count(*)::int AS parts FROM people_import_file_part WHERE import_id = $1::uuid`, [id]);
    expect(dropped!.parts).toBe(0);
  });

  it("keeps a file in parts and reads it back whole, a part at a time", async () => {
    const id = await createPeopleImport(database, { fileName: "parts.csv", bytes: csv("701,Paula,Parts,,,,,,,"), actorId });
    const text = `${"x".repeat(FILE_PART_CHARACTERS - 1)}😀${"é".repeat(FILE_PART_CHARACTERS)}tail`;
    async function* inTwoPieces() {
      yield text.slice(0, 12_345);
      yield text.slice(12_345);
    }
    const parts = await database.transaction(async (tx) => {
      await tx.query(`DELETE FROM people_import_file_part WHERE import_id = $1::uuid`, [id]);
      return storePeopleImportFile(tx, id, inTwoPieces());
    });
    expect(parts).toBe(3);
    let read = "";
    for await (const part of readPeopleImportFile(database, id, parts)) {
      expect(part.length).toBeLessThanOrEqual(FILE_PART_CHARACTERS + 1);
      read += part;
    }
    expect(read).toBe(text);
  });

  it("is undone: what it created is removed (but not a record a member has linked since), what it changed is restored", async () => {
    const first = await importFile(csv("301,Lena,Undone,,,lena@undone.example,,,,", "302,Kofi,Undone,,,,,,,"));
    const linked = await database.prisma.user.create({ data: { email: "kofi@undone.example", givenName: "Kofi", familyName: "Undone" }, select: { id: true } });
    await database.query(`UPDATE membership_record SET linked_user_id = $1::uuid WHERE remote_id = '302'`, [linked.id]);
    const second = await importFile(csv("301,Lena,Undone,,,lena.new@undone.example,,,,", "303,Ines,Undone,,,,,,,"));
    expect(second).toMatchObject({ created: 1, updated: 1 });

    const undone = await database.transaction(async (tx) => {
      await openStaffAuditEntry(tx, { actorId, clientId: "portal", method: "POST", path: `/api/v1/admin/people-imports/${second.id}/undo`, targetId: second.id, requestId: crypto.randomUUID() });
      return undoPeopleImport(tx, second.id);
    });
    expect(undone).toEqual({ removed: 1, restored: 1, keptLinked: 0 });
    expect((await recordsNamed("Undone")).map((record) => [record.given_name, record.email])).toEqual([["Kofi", null], ["Lena", "lena@undone.example"]]);
    expect(await thrownBy(IdentityError, undoPeopleImport(database, second.id))).toMatchObject({ code: "conflict" });

    const firstUndone = await undoPeopleImport(database, first.id);
    expect(firstUndone).toEqual({ removed: 1, restored: 0, keptLinked: 1 });
    expect((await recordsNamed("Undone")).map((record) => record.given_name)).toEqual(["Kofi"]);
    // Thirty days on, an import stays as it is.
    const third = await importFile(csv("304,Noor,Undone,,,,,,,"));
    expect(await thrownBy(IdentityError, undoPeopleImport(database, third.id, new Date(Date.now() + 31 * 86_400_000)))).toMatchObject({ code: "conflict" });
  });

  it("is recorded in the staff audit log with its counts, not each of its rows", async () => {
    const done = await importFile(csv("401,Audrey,Audit,,,,,,,", "402,Abel,Audit,,,,,,,"));
    const [entry] = await database.query<{ changes: { table: string; after: Record<string, unknown> }[] }>(`SELECT changes FROM staff_audit_entry WHERE target_id = $1 ORDER BY at DESC LIMIT 1`, [done.id]);
    expect(entry!.changes).toEqual([expect.objectContaining({ table: "people_import", after: { status: "done", rows: 2, created: 2, updated: 0, unchanged: 0, skipped: 0 } })]);
  });

  it("is listed newest first, with when it can be undone until", async () => {
    const page = await listPeopleImports(database, { page: 1, per: 100, sort: "-createdAt", q: undefined });
    const latest = page.items[0]!;
    expect(latest).toMatchObject({ file_name: "people.csv", status: "done", created: 2 });
    expect(new Date(latest.undo_until!).getTime() - new Date(latest.finished_at!).getTime()).toBe(30 * 86_400_000);
    expect((await listPeopleImports(database, { page: 1, per: 100, sort: "fileName", q: "odd" })).items.map((item) => item.file_name)).toEqual(["odd.csv"]);
  });
});
