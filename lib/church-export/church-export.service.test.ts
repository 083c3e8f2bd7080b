import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { failure, insertMember, insertSession, type TestMember } from "../db/test-fixtures.ts";
import { startChurchExport } from "./start-church-export.ts";
import { EXPORT_TABLES, type ExportCounts } from "./tables.ts";
import { writeChurchExport } from "./write-church-export.ts";

// The whole church's download (issue 39) on a database with every migration: the embedded PGlite here, PostgreSQL
// under `npm run test:services:postgres`. The route's guard and answer: lib/http/church-export-download.service.test.ts.
const database = serviceTestDatabase();

/** Values that let people sign in or collect a child: none may appear anywhere in the download. */
const SECRETS = {
  password: "$argon2id$v=19$m=19456,t=2,p=1$ZXhwb3J0LXNhbHQ$export-must-never-hold-this-hash",
  totp: "TOTP-SEALED-SECRET-NEVER-EXPORTED",
  recovery: "recovery-code-hash-never-exported",
  session: "session-token-hash-never-exported",
  familyCode: "family-code-hash-never-exported",
  familyCodeSealed: "family-code-sealed-never-exported",
  passkey: "passkey-credential-never-exported",
  passkeyKey: "passkey-public-key-never-exported",
  feed: "feed-token-hash-never-exported",
  feedSealed: "feed-token-sealed-never-exported",
  pickupCode: "QXWY",
};

const NOW = new Date("2030-01-02T03:04:05.678Z");
const HYPERLINK = '=HYPERLINK("http://evil.example","click")';
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Fixtures {
  admin: TestMember;
  anna: TestMember;
  sam: TestMember;
  mallory: TestMember;
  familyId: string;
  guardianshipId: string;
}
let fixtures: Fixtures;

/** A small church: people with secrets, a household with a child, a series and its event, sign-ups, check-ins. */
beforeAll(async () => {
  const { prisma } = database;
  const admin = await insertMember(database, { givenName: "Ruth", familyName: "Office" });
  const anna = await insertMember(database, { givenName: "Anna", familyName: "Lee", phone: "+15555550100", birthDate: "1985-04-03" });
  const sam = await insertMember(database, { email: null, password: false, givenName: "Sam", familyName: "Lee", birthDate: "2019-06-07" });
  // A name a spreadsheet would run, were it not neutralised.
  const mallory = await insertMember(database, { givenName: HYPERLINK, familyName: "@SUM(1+1)", phone: "+15555550123" });
  await prisma.user.update({ where: { id: anna.id }, data: { passwordHash: SECRETS.password, nickname: "Annie" } });
  const role = await prisma.role.create({ data: { name: `greeter-${randomUUID().slice(0, 8)}`, description: "Greeters", permissions: [] }, select: { id: true, name: true } });
  await prisma.userRole.create({ data: { userId: anna.id, roleId: role.id } });
  await prisma.totpCredential.create({ data: { userId: anna.id, secretEncrypted: SECRETS.totp, status: "confirmed", confirmedAt: new Date() } });
  await prisma.recoveryCode.create({ data: { userId: anna.id, codeHash: SECRETS.recovery } });
  await insertSession(database, anna.id, { tokenHash: SECRETS.session });
  await prisma.passkey.create({
    data: { userId: anna.id, credentialId: SECRETS.passkey, publicKey: new TextEncoder().encode(SECRETS.passkeyKey), transports: ["internal"], deviceType: "multiDevice", backedUp: true, aaguid: "00000000-0000-0000-0000-000000000000", name: "Anna's phone" },
  });
  await prisma.calendarFeedToken.create({ data: { userId: anna.id, tokenHash: SECRETS.feed, tokenSealed: SECRETS.feedSealed } });

  const family = await prisma.family.create({
    data: { name: "The Lee household", codeHash: SECRETS.familyCode, codeEncrypted: SECRETS.familyCodeSealed, codeExpiresAt: new Date(Date.now() + 86_400_000) },
    select: { id: true },
  });
  await prisma.familyMember.create({ data: { familyId: family.id, userId: anna.id, role: "adult" } });
  await prisma.familyMember.create({ data: { familyId: family.id, userId: sam.id, role: "child", notes: "Peanut allergy, carries an inhaler" } });
  const guardianship = await prisma.guardianship.create({ data: { guardianId: anna.id, dependentId: sam.id }, select: { id: true } });

  await prisma.campus.create({ data: { id: "cmp_export_north", name: "North Campus", timezone: "Europe/London" } });
  await prisma.ministry.create({ data: { id: "min_export_youth", name: "Youth" } });
  await prisma.eventSeries.create({
    data: { id: "ser_export_study", title: "Tuesday study", frequency: "WEEKLY", weekdays: ["TU"], startDate: "2030-01-08", startTime: "19:00", endTime: "20:30", timezone: "Europe/London", count: 4 },
  });
  const event = {
    description: "<p>Bring a Bible.</p>",
    startTime: "19:00",
    endTime: "20:30",
    timezone: "Europe/London",
  };
  await prisma.event.create({
    data: {
      ...event,
      id: "evt_export_study",
      slug: "export-study",
      title: "Tuesday study",
      eventType: "LIFE_GROUP",
      startDate: "2030-01-08",
      endDate: "2030-01-08",
      startAt: new Date("2030-01-08T19:00:00Z"),
      endAt: new Date("2030-01-08T20:30:00Z"),
      campusId: "cmp_export_north",
      ministryId: "min_export_youth",
      seriesId: "ser_export_study",
      recurrenceDate: "2030-01-08",
      attendanceModes: ["MANUAL", "SELF_CHECK_IN"],
      capacity: 1,
      latitude: 51.5,
      longitude: -0.09,
      tags: ["study", "=not-a-formula-mid-cell"],
      registrationOpen: true,
      registrationWaitlist: true,
    },
  });
  await prisma.event.create({
    data: { ...event, id: "evt_export_supper", slug: "export-supper", title: "Supper", eventType: "SPECIAL_EVENT", status: "CANCELLED", startDate: "2030-02-01", endDate: "2030-02-01", startAt: new Date("2030-02-01T19:00:00Z"), endAt: new Date("2030-02-01T20:30:00Z") },
  });

  // Taken in this order, so the waitlist is Mallory, then Sam.
  await prisma.eventRegistration.create({ data: { eventId: "evt_export_study", personId: anna.id, registeredBy: anna.id, status: "registered" } });
  await prisma.eventRegistration.create({ data: { eventId: "evt_export_study", personId: mallory.id, registeredBy: mallory.id, status: "waitlisted" } });
  await prisma.eventRegistration.create({ data: { eventId: "evt_export_study", personId: sam.id, registeredBy: anna.id, status: "waitlisted" } });
  await prisma.eventRegistration.create({ data: { eventId: "evt_export_study", personId: admin.id, registeredBy: admin.id, status: "cancelled", cancelledAt: new Date(), cancelledBy: admin.id } });

  await prisma.checkIn.create({
    data: {
      eventId: "evt_export_study",
      personId: sam.id,
      familyId: family.id,
      droppedOffBy: anna.id,
      method: "kiosk",
      securityCode: SECRETS.pickupCode,
      serviceDate: "2030-01-08",
      checkedInAt: new Date("2030-01-08T18:55:00Z"),
      checkedOutAt: new Date("2030-01-08T20:35:00Z"),
      checkOutMethod: "tag",
      pickedUpBy: anna.id,
    },
  });
  await prisma.checkIn.create({
    data: { eventId: "evt_export_study", personId: anna.id, method: "self", serviceDate: "2030-01-08", checkedInAt: new Date("2030-01-08T18:56:00Z"), undoneAt: new Date("2030-01-08T18:57:00Z"), undoneBy: admin.id },
  });

  await prisma.membershipRecord.create({ data: { id: "mbr_export_anna", givenName: "Anna", familyName: "Lee", campusId: "cmp_export_north", linkedUserId: anna.id, linkedAt: new Date() } });
  await prisma.membershipRecord.create({ data: { id: "mbr_export_odd", givenName: "\tTabbed", familyName: "-cmd|' /C calc'!A0", email: "register@example.org", householdId: "hh-7" } });

  fixtures = { admin, anna, sam, mallory, familyId: family.id, guardianshipId: guardianship.id };
});

/** Every chunk of the download, and what the writer returned: the rows each file got. */
async function drain(chunks: AsyncGenerator<Uint8Array, ExportCounts, undefined>): Promise<{ bytes: Uint8Array; written: ExportCounts }> {
  const parts: Uint8Array[] = [];
  for (;;) {
    const next = await chunks.next();
    if (next.done) {
      const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        bytes.set(part, offset);
        offset += part.length;
      }
      return { bytes, written: next.value };
    }
    parts.push(next.value);
  }
}

interface Unzipped {
  files: Record<string, string>;
  /** Each table's CSV: its header, and its rows as header → cell. */
  csv: (table: string) => { header: string[]; rows: Record<string, string>[] };
  json: (table: string) => Record<string, unknown>[];
}

function read(bytes: Uint8Array): Unzipped {
  // Decoded keeping a byte-order mark (TextDecoder drops it by default), to see that each spreadsheet has one.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });
  const files = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, decoder.decode(data)]));
  return {
    files,
    csv: (table) => {
      const text = files[`csv/${table}.csv`]!;
      expect(text.startsWith("\uFEFF"), `${table}.csv starts with a byte-order mark`).toBe(true);
      expect(text.endsWith("\r\n"), `${table}.csv ends its last line`).toBe(true);
      const [header, ...lines] = parse(text, { bom: true }) as string[][];
      return { header: header!, rows: lines.map((line) => Object.fromEntries(header!.map((name, index) => [name, line[index]!]))) };
    },
    json: (table) => JSON.parse(files[`json/${table}.json`]!) as Record<string, unknown>[],
  };
}

const exported = async (requestId: string, pageRows = 2) => {
  const started = await startChurchExport(database, { actorId: fixtures.admin.id, clientId: "portal", path: "/api/v1/admin/export", requestId, churchName: "Grâce Harbor Church!", now: NOW, pageRows });
  const { bytes, written } = await drain(started.chunks);
  return { started, written, zip: read(bytes) };
};

describe("the whole church's export", () => {
  it("is a zip of every table as CSV and as JSON, read in pages, and a README naming each file with its rows", async () => {
    const { started, written, zip } = await exported("req-export-files");
    expect(started.fileName).toBe("grace-harbor-church-export-2030-01-02.zip");
    expect(Object.keys(zip.files).sort()).toEqual(["README.txt", ...EXPORT_TABLES.flatMap((table) => [`csv/${table.name}.csv`, `json/${table.name}.json`])].sort());
    expect(written).toEqual(started.counts);
    for (const table of EXPORT_TABLES) {
      const { header, rows } = zip.csv(table.name);
      const json = zip.json(table.name);
      expect(header, table.name).toEqual(table.columns.map(([name]) => name));
      expect(rows, table.name).toHaveLength(written[table.name]!);
      expect(json, table.name).toHaveLength(written[table.name]!);
      for (const object of json) expect(Object.keys(object), table.name).toEqual(header);
      // Pages of two rows follow each other without a row twice or left out.
      const keys = json.map((object) => String(object[header[0] === "household_id" ? "person_id" : "id"]));
      expect(new Set(keys).size, table.name).toBe(keys.length);
      expect(zip.files["README.txt"]).toContain(`csv/${table.name}.csv and json/${table.name}.json (${written[table.name]!.toLocaleString("en-US")} row`);
    }
    const accounts = zip.json("accounts").map((row) => row.id);
    expect(accounts).toEqual(expect.arrayContaining([fixtures.admin.id, fixtures.anna.id, fixtures.sam.id, fixtures.mallory.id]));
    expect(written.accounts).toBeGreaterThan(2);
    expect(zip.files["README.txt"]).toContain("Grâce Harbor Church!: all of the church's data");
    expect(zip.files["README.txt"]).toContain("Downloaded 2030-01-02T03:04:05.678Z (UTC).");
  });

  it("writes people, households, events, sign-ups and attendance row by row, with ISO dates", async () => {
    const { zip } = await exported("req-export-rows", 1_000);
    const byId = (table: string, key = "id") => new Map(zip.csv(table).rows.map((row) => [row[key]!, row]));

    expect(byId("accounts").get(fixtures.anna.id)).toMatchObject({
      given_name: "Anna",
      family_name: "Lee",
      nickname: "Annie",
      phone: "'+15555550100",
      birth_date: "1985-04-03",
      roles: expect.stringMatching(/^greeter-/),
      household_id: fixtures.familyId,
      household_role: "adult",
      membership_record_id: "mbr_export_anna",
      disabled_at: "",
      created_at: expect.stringMatching(ISO_MOMENT),
    });
    expect(byId("accounts").get(fixtures.sam.id)).toMatchObject({ email: "", household_role: "child" });
    expect(byId("membership-records").get("mbr_export_anna")).toMatchObject({ campus_id: "cmp_export_north", campus_name: "North Campus", linked_account_id: fixtures.anna.id });

    expect(byId("households").get(fixtures.familyId)).toMatchObject({ name: "The Lee household", adults: "1", children: "1" });
    expect(zip.json("households").find((row) => row.id === fixtures.familyId)).toMatchObject({ adults: 1, children: 1 });
    expect(byId("household-members", "person_id").get(fixtures.sam.id)).toMatchObject({ household_id: fixtures.familyId, role: "child", notes: "Peanut allergy, carries an inhaler", birth_date: "2019-06-07" });
    expect(byId("guardianships").get(fixtures.guardianshipId)).toMatchObject({ guardian_id: fixtures.anna.id, dependent_id: fixtures.sam.id, dependent_given_name: "Sam", ended_at: "" });

    expect(byId("events").get("evt_export_study")).toMatchObject({
      title: "Tuesday study",
      event_type: "LIFE_GROUP",
      status: "SCHEDULED",
      start_date: "2030-01-08",
      start_time: "19:00",
      timezone: "Europe/London",
      start_at: "2030-01-08T19:00:00.000Z",
      campus_name: "North Campus",
      ministry_name: "Youth",
      series_id: "ser_export_study",
      series_title: "Tuesday study",
      recurrence_date: "2030-01-08",
      edited_apart_from_series: "false",
      attendance_modes: "MANUAL; SELF_CHECK_IN",
      capacity: "1",
      // A number is never taken for a formula: a longitude west of Greenwich stays a number.
      longitude: "-0.09",
      tags: "study; =not-a-formula-mid-cell",
      registration_open: "true",
      registration_waitlist: "true",
    });
    expect(zip.json("events").find((row) => row.id === "evt_export_study")).toMatchObject({ attendance_modes: ["MANUAL", "SELF_CHECK_IN"], longitude: -0.09, capacity: 1, registration_open: true, campus_id: "cmp_export_north" });
    expect(byId("events").get("evt_export_supper")).toMatchObject({ status: "CANCELLED", series_id: "", campus_name: "" });
    expect(byId("event-series").get("ser_export_study")).toMatchObject({ frequency: "WEEKLY", interval: "1", weekdays: "TU", count: "4", events: "1" });
    expect(byId("campuses").get("cmp_export_north")).toMatchObject({ name: "North Campus", timezone: "Europe/London" });
    expect(byId("ministries").get("min_export_youth")).toMatchObject({ name: "Youth" });

    const signUps = new Map(zip.csv("registrations").rows.map((row) => [row.person_id!, row]));
    expect(signUps.get(fixtures.anna.id)).toMatchObject({ event_id: "evt_export_study", event_title: "Tuesday study", status: "registered", waitlist_position: "", signed_up_at: expect.stringMatching(ISO_MOMENT) });
    expect(signUps.get(fixtures.mallory.id)).toMatchObject({ status: "waitlisted", waitlist_position: "1" });
    expect(signUps.get(fixtures.sam.id)).toMatchObject({ status: "waitlisted", waitlist_position: "2", registered_by_id: fixtures.anna.id });
    expect(signUps.get(fixtures.admin.id)).toMatchObject({ status: "cancelled", cancelled_by_id: fixtures.admin.id, cancelled_at: expect.stringMatching(ISO_MOMENT) });
    expect(zip.json("registrations").find((row) => row.person_id === fixtures.sam.id)).toMatchObject({ waitlist_position: 2 });

    const checkIns = new Map(zip.csv("attendance").rows.map((row) => [row.person_id!, row]));
    expect(checkIns.get(fixtures.sam.id)).toMatchObject({
      event_id: "evt_export_study",
      service_date: "2030-01-08",
      household_id: fixtures.familyId,
      method: "kiosk",
      dropped_off_by_id: fixtures.anna.id,
      checked_in_at: "2030-01-08T18:55:00.000Z",
      checked_out_at: "2030-01-08T20:35:00.000Z",
      check_out_method: "tag",
      picked_up_by_id: fixtures.anna.id,
      undone_at: "",
    });
    expect(checkIns.get(fixtures.anna.id)).toMatchObject({ method: "self", undone_at: "2030-01-08T18:57:00.000Z", undone_by_id: fixtures.admin.id });
  });

  it("starts every text cell a spreadsheet would run as a formula with an apostrophe, and keeps the exact value in the JSON", async () => {
    const { zip } = await exported("req-export-formulas");
    const mallory = zip.csv("accounts").rows.find((row) => row.id === fixtures.mallory.id);
    expect(mallory).toMatchObject({ given_name: `'${HYPERLINK}`, family_name: "'@SUM(1+1)", phone: "'+15555550123" });
    expect(zip.json("accounts").find((row) => row.id === fixtures.mallory.id)).toMatchObject({ given_name: HYPERLINK, family_name: "@SUM(1+1)", phone: "+15555550123" });
    const odd = zip.csv("membership-records").rows.find((row) => row.id === "mbr_export_odd");
    expect(odd).toMatchObject({ given_name: "'\tTabbed", family_name: "'-cmd|' /C calc'!A0", register_household_id: "hh-7" });
    for (const table of EXPORT_TABLES) {
      for (const row of zip.csv(table.name).rows) {
        for (const [column, cell] of Object.entries(row)) {
          // A signed number (a longitude) is data, not a formula; every other cell that starts so is neutralised.
          if (/^-\d+(\.\d+)?$/.test(cell)) continue;
          expect(/^[=+\-@\t\r]/.test(cell), `${table.name}.${column}: ${cell}`).toBe(false);
        }
      }
    }
  });

  it("holds no secret: no password hash, authenticator secret, passkey, recovery code, session, token, join code or pickup code", async () => {
    const { zip } = await exported("req-export-secrets");
    const everything = Object.values(zip.files).join("\n");
    for (const [what, secret] of Object.entries(SECRETS)) expect(everything.includes(secret), what).toBe(false);
    expect(everything).not.toContain("$argon2id$");
    const columns = EXPORT_TABLES.flatMap((table) => table.columns.map(([name]) => name));
    expect(columns.filter((name) => /password|hash|secret|token|totp|passkey|recovery|security|sealed|encrypted|credential|public_key|code/.test(name))).toEqual([]);
    expect(zip.files["README.txt"]).toContain("NOT IN THIS FOLDER: passwords");
  });

  it("is recorded in the staff audit log before it is sent, with the rows each file holds", async () => {
    const { started } = await exported("req-export-audit");
    const entries = await database.query<{ actor_id: string; actor_name: string; client_id: string; method: string; path: string; section: string; target_id: string | null; changes: unknown }>(
      `SELECT actor_id::text, actor_name, client_id, method, path, section, target_id, changes FROM staff_audit_entry WHERE request_id = 'req-export-audit'`,
    );
    expect(entries).toEqual([
      {
        actor_id: fixtures.admin.id,
        actor_name: "Ruth Office",
        client_id: "portal",
        method: "GET",
        path: "/api/v1/admin/export",
        section: "export",
        target_id: null,
        changes: [{ table: "church_export", id: started.fileName, operation: "insert", before: null, after: { file: started.fileName, ...started.counts } }],
      },
    ]);
    expect(Object.keys(started.counts)).toEqual(EXPORT_TABLES.map((table) => table.name));
    expect(started.counts).toMatchObject({ households: expect.any(Number), registrations: 4, attendance: 2, "event-series": 1 });
  });

  it("sends nothing, and records nothing, for an actor whose account is gone", async () => {
    const refused = await failure<Error>(
      startChurchExport(database, { actorId: randomUUID(), clientId: "portal", path: "/api/v1/admin/export", requestId: "req-export-ghost", churchName: "Grace", now: NOW }),
    );
    expect(refused?.message).toMatch(/no account/);
    expect(await database.query(`SELECT id FROM staff_audit_entry WHERE request_id = 'req-export-ghost'`)).toEqual([]);
  });

  it("writes an empty table as its header alone and an empty JSON array", async () => {
    const ministries = EXPORT_TABLES.find((table) => table.name === "ministries")!;
    const empty = { ...ministries, name: "nothing", from: "ministry m JOIN campus c ON false" };
    const { bytes, written } = await drain(writeChurchExport(database, { churchName: "Grace", exportedAt: NOW, tables: [empty] }));
    const zip = read(bytes);
    expect(written).toEqual({ nothing: 0 });
    expect(zip.files["csv/nothing.csv"]).toBe("\uFEFFid,name,created_at\r\n");
    expect(zip.json("nothing")).toEqual([]);
  });
});
