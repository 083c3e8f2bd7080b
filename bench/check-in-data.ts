/**
 * bench/check-in.ts's Sunday: one campus with a kiosk client bound to it, households of two adults and one
 * to three children, and the campus's morning events (check-in open: they start in a few minutes). Written
 * straight into the bench database with plain SQL, as the e2e helpers do (e2e/support/check-in.ts): what is
 * measured is the kiosk's API, not how the rows got there. Also the resets between runs.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export const BENCH_CAMPUS_ID = "cmp_bench_checkin";
/** The campus's kiosk client: first-party, `check-in:kiosk`, bound to the campus; its devices enrol by the device flow. */
export const BENCH_KIOSK_CLIENT_ID = "bench-checkin-kiosk";
/** The volunteer who approves the kiosks' device codes: a seeded demo account given the `kiosk` role. */
export const VOLUNTEER_EMAIL = "member@example.org";
const EVENT_TITLES = ["Nursery", "Kids church", "Youth"];
const MINUTE = 60_000;

export interface BenchHousehold {
  familyId: string;
  /** The adult whose code is scanned; the other adult never comes. */
  adultId: string;
  childIds: string[];
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "bench_checkin_setup" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The campus, its kiosk client, the `kiosk` role for the volunteer and `count` households (household i has
 * 1 + i mod 3 children; every fifth child carries a note for their label). Needs the identity seed first.
 */
export async function seedCheckInData(url: string, count: number): Promise<void> {
  await withClient(url, async (client) => {
    await client.query("BEGIN");
    await client.query(`INSERT INTO campus (id, name, timezone) VALUES ($1, 'Bench campus', 'Europe/London')`, [BENCH_CAMPUS_ID]);
    await client.query(
      `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
       VALUES ($1, 'Bench lobby check-in', 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, $2)`,
      [BENCH_KIOSK_CLIENT_ID, BENCH_CAMPUS_ID],
    );
    const granted = await client.query(`INSERT INTO user_role (user_id, role_id) SELECT a.id, r.id FROM account a, role r WHERE a.email = $1 AND r.name = 'kiosk'`, [VOLUNTEER_EMAIL]);
    if (granted.rowCount !== 1) throw new Error(`could not give ${VOLUNTEER_EMAIL} the kiosk role: is the identity seed there?`);

    const families: string[] = [];
    const accounts: { id: string; email: string | null; given: string; family: string; birth: string | null }[] = [];
    const members: { familyId: string; userId: string; role: string; notes: string | null }[] = [];
    let child = 0;
    for (let index = 0; index < count; index++) {
      const familyId = randomUUID();
      const familyName = `Bench${index}`;
      families.push(familyId);
      for (const given of ["Alex", "Sam"]) {
        const id = randomUUID();
        accounts.push({ id, email: `bench-${given.toLowerCase()}-${index}@example.org`, given, family: familyName, birth: null });
        members.push({ familyId, userId: id, role: "adult", notes: null });
      }
      for (let j = 0; j < 1 + (index % 3); j++) {
        const id = randomUUID();
        accounts.push({ id, email: null, given: `Kid${j + 1}`, family: familyName, birth: `20${String(15 + j).padStart(2, "0")}-05-0${1 + j}` });
        members.push({ familyId, userId: id, role: "child", notes: child++ % 5 === 0 ? "Peanut allergy" : null });
      }
    }
    await client.query(
      `INSERT INTO family (id, name, code_hash, code_encrypted, code_expires_at)
       SELECT id, 'Bench household', 'bench-' || id::text, 'x', now() FROM unnest($1::uuid[]) AS id`,
      [families],
    );
    await client.query(
      `INSERT INTO account (id, email, given_name, family_name, birth_date)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [accounts.map((a) => a.id), accounts.map((a) => a.email), accounts.map((a) => a.given), accounts.map((a) => a.family), accounts.map((a) => a.birth)],
    );
    await client.query(
      `INSERT INTO family_member (family_id, user_id, role, notes) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[])`,
      [members.map((m) => m.familyId), members.map((m) => m.userId), members.map((m) => m.role), members.map((m) => m.notes)],
    );
    await client.query("COMMIT");
    await client.query("ANALYZE");
  });
}

/** The seeded households, in a fixed order (the burst's order). */
export async function readHouseholds(url: string): Promise<BenchHousehold[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ family_id: string; adult_id: string; child_ids: string[] }>(
      `SELECT f.id::text AS family_id,
              (SELECT m.user_id::text FROM family_member m JOIN account a ON a.id = m.user_id WHERE m.family_id = f.id AND m.role = 'adult' ORDER BY a.given_name LIMIT 1) AS adult_id,
              ARRAY(SELECT m.user_id::text FROM family_member m JOIN account a ON a.id = m.user_id WHERE m.family_id = f.id AND m.role = 'child' ORDER BY a.given_name) AS child_ids
         FROM family f JOIN family_member fm ON fm.family_id = f.id JOIN account x ON x.id = fm.user_id AND x.email LIKE 'bench-alex-%'
        ORDER BY substring(x.email from 'bench-alex-([0-9]+)@')::int`,
    );
    if (rows.length === 0) throw new Error("the bench database has no bench households: run without --skip-seed");
    return rows.map((row) => ({ familyId: row.family_id, adultId: row.adult_id, childIds: row.child_ids }));
  });
}

/**
 * The morning's events, made afresh for this run (the old ones and their check-ins go): they start in 5
 * minutes and last 90, so check-in is open (from 60 minutes before the start) the whole run; every place
 * a household could need. Child j of a household goes to event j mod the number of events.
 */
export async function createMorningEvents(url: string, count: number, capacity: number): Promise<string[]> {
  return withClient(url, async (client) => {
    await client.query(`DELETE FROM event WHERE campus_id = $1`, [BENCH_CAMPUS_ID]);
    const start = new Date(Math.ceil((Date.now() + 5 * MINUTE) / MINUTE) * MINUTE);
    const end = new Date(start.getTime() + 90 * MINUTE);
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const id = `evt_bench_checkin_${index}_${randomUUID().slice(0, 8)}`;
      await client.query(
        `INSERT INTO event (id, slug, title, description, event_type, start_date, start_time, end_date, end_time, timezone, start_at, end_at, campus_id, capacity, attendance_modes, updated_at)
         VALUES ($1, $2, $3, '', 'SERVICE', $4, $5, $6, $7, 'UTC', $8, $9, $10, $11, ARRAY['QR_CODE', 'MANUAL']::"AttendanceMode"[], now())`,
        [id, id.replace(/_/g, "-"), EVENT_TITLES[index] ?? `Group ${index + 1}`, start.toISOString().slice(0, 10), start.toISOString().slice(11, 16), end.toISOString().slice(0, 10), end.toISOString().slice(11, 16), start, end, BENCH_CAMPUS_ID, capacity],
      );
      ids.push(id);
    }
    return ids.sort();
  });
}

/** Back to before the burst: the bench events' check-ins and the check-in security events go, and the tables are vacuumed. */
export async function resetCheckIns(url: string, eventIds: string[]): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`DELETE FROM check_in WHERE event_id = ANY($1::text[])`, [eventIds]);
    await client.query(`DELETE FROM security_event WHERE type = 'checked_in'`);
    await client.query(`VACUUM ANALYZE check_in, security_event`);
  });
}

/** How many live check-ins each bench event holds, and whether any child is in twice (the burst's own check). */
export async function countCheckIns(url: string, eventIds: string[]): Promise<{ total: number; duplicates: number; codesReused: number }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ total: number; duplicates: number; codes_reused: number }>(
      `SELECT count(*)::int AS total,
              (count(*) - count(DISTINCT person_id))::int AS duplicates,
              (count(security_code) - count(DISTINCT (event_id, security_code)) FILTER (WHERE security_code IS NOT NULL))::int AS codes_reused
         FROM check_in WHERE event_id = ANY($1::text[]) AND undone_at IS NULL`,
      [eventIds],
    );
    const row = rows[0]!;
    return { total: row.total, duplicates: row.duplicates, codesReused: row.codes_reused };
  });
}
