/**
 * What the identity surface of the hostile-input proof needs before its first batch: the member's and the
 * administrator's access tokens, and records of the run's own that a staff request may change without
 * disturbing the rest of the run (a client, an event, a guardianship, a teenager's membership request, made
 * through the API itself; a register record linked to the staff account, written in SQL, since staff cannot
 * make one). Everything here happens before the first snapshot, so none of it counts as a change.
 *
 * `knownIds` (by route template) are the ids a request's `{id}` may take besides hostile ones: only records
 * whose change ACCEPTED_WRITES in fuzz.ts documents. `realIds` are every other record's id: a hostile
 * segment sent with a valid token never names one (a success there, such as disabling the member whose token
 * the run uses, would change the account for the rest of the run, or touch a seeded record nothing expects to
 * change).
 */
import { randomBytes } from "node:crypto";
import { DEMO_ACCOUNTS, DEMO_CHILD } from "../../../lib/demo/seed-identity.ts";
import type { Database } from "./db-state.ts";
import { kioskTokens, portalTokens, signInForTokens } from "./tokens.ts";

export interface IdentityFixtures {
  /** The member's token of the portal (first-party): every account area. */
  memberToken: string;
  /** The administrator's token of the portal, signed in with the second factor: the staff API. */
  adminToken: string;
  /** A lobby kiosk tablet of the run's own kiosk client, enrolled by the demo's check-in volunteer: the kiosk API. */
  kioskToken: string;
  /** The member's tokens of the third-party demo app, with narrow scopes: never account control (docs/decisions/0018). */
  thirdPartyTokens: { token: string; scopes: string[] }[];
  ids: {
    member: string;
    admin: string;
    staff: string;
    child: string;
    /** Unlinked register records with an email on file: the member's (challenge, suggest) and the teenager's. */
    memberRecord: string;
    teenRecord: string;
  };
  knownIds: Record<string, string[]>;
  realIds: string[];
}

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function idOf(database: Database, sql: string, params: unknown[] = []): Promise<string> {
  const [row] = await database.query<{ id: string }>(sql, params);
  if (!row) throw new Error(`the proofs database has no row for: ${sql}`);
  return row.id;
}

export async function identityFixtures(baseUrl: string, database: Database): Promise<IdentityFixtures> {
  const [member, admin, teen] = [DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.teen.email];
  // Through the portal's client: account control and staff rights are first-party clients' only (decisions 0017, 0018).
  const memberToken = (await portalTokens(baseUrl, member)).access_token;
  const adminToken = (await portalTokens(baseUrl, admin)).access_token;
  const teenToken = (await portalTokens(baseUrl, teen)).access_token;
  const thirdPartyTokens = [];
  for (const scope of ["openid", "openid profile email phone offline_access membership"]) {
    thirdPartyTokens.push({ token: (await signInForTokens(baseUrl, member, baseUrl, scope)).access_token, scopes: scope.split(" ") });
  }
  const accountId = (email: string) => idOf(database, `SELECT id::text AS id FROM account WHERE email = $1`, [email]);
  const ids = {
    member: await accountId(member),
    admin: await accountId(admin),
    staff: await accountId(DEMO_ACCOUNTS.staff.email),
    child: DEMO_CHILD.id,
    memberRecord: "",
    teenRecord: "",
  };
  const records = await database.query<{ id: string }>(
    `SELECT id FROM membership_record WHERE linked_user_id IS NULL AND email IS NOT NULL ORDER BY id LIMIT 2`,
  );
  if (records.length < 2) throw new Error("the proofs database has no membership register (scripts/proofs/prepare-database.ts seeds it)");
  ids.memberRecord = records[0]!.id;
  ids.teenRecord = records[1]!.id;

  // The run's own records, through the staff API: the writes staff routes are fuzzed against.
  const client = await api(baseUrl, adminToken, "POST", "/api/v1/admin/clients", {
    name: "Fuzz client",
    type: "confidential",
    redirect_uris: ["https://fuzz.example/callback"],
  });
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const event = await api(baseUrl, adminToken, "POST", "/api/v1/admin/events", {
    title: "Fuzz supper",
    eventType: "SPECIAL_EVENT",
    startDate: date,
    startTime: "18:00",
    endDate: date,
    endTime: "20:00",
    timezone: "America/New_York",
  });
  // A recurring series of the run's own (docs/decisions/0026), which the fuzz may edit and publish.
  const series = await api(baseUrl, adminToken, "POST", "/api/v1/admin/series", {
    title: "Fuzz study",
    eventType: "LIFE_GROUP",
    startDate: date,
    startTime: "19:00",
    endDate: date,
    endTime: "20:30",
    timezone: "America/New_York",
    repeat: { frequency: "WEEKLY", weekdays: ["WE"], count: 4 },
  });
  // Staff's guardianship of the child: ended and recorded again by the fuzz; the guardian's own are untouched.
  const guardianship = await api(baseUrl, adminToken, "POST", "/api/v1/admin/guardianships", { guardian_id: ids.staff, dependent_id: ids.child });
  // A household of the run's own, which the fuzz may rename; the seeded ones are never named.
  const household = await api(baseUrl, adminToken, "POST", "/api/v1/admin/families", { name: "Fuzz household" });
  // A teenager's request for staff to link a record: approved or rejected by the fuzz; the member's stay the member's.
  await api(baseUrl, teenToken, "POST", "/api/v1/users/me/membership/suggest", { membership_id: ids.teenRecord });
  const suggestion = await idOf(database, `SELECT q.id::text AS id FROM membership_link_request q JOIN account a ON a.id = q.user_id WHERE a.email = $1 AND q.membership_id = $2`, [
    teen,
    ids.teenRecord,
  ]);
  const portal = await idOf(database, `SELECT id FROM client WHERE first_party ORDER BY id LIMIT 1`);
  // A register record of the run's own, linked to the staff account (not the member's or the teenager's, whose
  // records the membership routes use): edited by the fuzz, and unlinked once.
  const ownRecord = `mbr_fuzz_${randomBytes(6).toString("hex")}`;
  await database.query(
    `INSERT INTO membership_record (id, given_name, family_name, email, linked_user_id, linked_at)
     SELECT $1, 'Fuzz', 'Record', 'fuzz.record@example.org', $2::uuid, now() WHERE NOT EXISTS (SELECT 1 FROM membership_record WHERE linked_user_id = $2::uuid)`,
    [ownRecord, ids.staff],
  );

  // A kiosk client of the run's own at a seeded campus, and one tablet of it enrolled by the check-in volunteer
  // (docs/decisions/0023): the kiosk API's valid credential.
  const kioskClient = `fuzz-kiosk-${randomBytes(4).toString("hex")}`;
  await database.query(
    `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
     SELECT $1, 'Fuzz kiosk', 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, id
       FROM campus ORDER BY id LIMIT 1`,
    [kioskClient],
  );
  const kioskToken = (await kioskTokens(baseUrl, kioskClient, DEMO_ACCOUNTS.volunteer.email)).access_token;

  // A webhook endpoint of the run's own, at an address that never resolves (.invalid): its routes' known ids.
  const webhook = await api(baseUrl, adminToken, "POST", "/api/v1/admin/webhooks", { url: "https://webhooks.invalid/fuzz-fixture", event_types: ["event.updated"] });

  // A people import of the run's own, previewed (issue 40): its routes' known ids.
  const peopleImport = await api(baseUrl, adminToken, "POST", "/api/v1/admin/people-imports", {
    file_name: "fuzz-fixture.csv",
    content: Buffer.from("Person ID,First Name,Last Name\nfzx1,Fixture,Person\n").toString("base64"),
  });

  // A calendar import of the run's own, previewed (issue 40): its routes' known ids.
  const calendarDay = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
  const calendarImport = await api(baseUrl, adminToken, "POST", "/api/v1/admin/calendar-imports", {
    file_name: "fuzz-fixture.ics",
    content: Buffer.from(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Fuzz//EN", "BEGIN:VEVENT", "UID:fuzz-fixture@example.org", "DTSTAMP:20261101T000000Z", `DTSTART:${calendarDay}T180000Z`, `DTEND:${calendarDay}T190000Z`, "SUMMARY:Fixture", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n")).toString("base64"),
    event_type: "SPECIAL_EVENT",
  });

  const clientIds = [String(client.client_id), portal];
  const eventIds = [String(event.eventId), String(event.slug)];
  const knownIds: Record<string, string[]> = {
    "/api/v1/admin/users/{id}": [ids.admin, ids.member, ids.child],
    // Disabling the admin is refused (conflict); the child has no sign-in, so disabling and enabling them disturbs nothing.
    "/api/v1/admin/users/{id}/disable": [ids.admin, ids.child],
    "/api/v1/admin/users/{id}/enable": [ids.admin, ids.child],
    // `roles: ["member"]` for the admin is refused (they cannot drop roles:write); for the child it is carried out.
    "/api/v1/admin/users/{id}/roles": [ids.admin, ids.child],
    "/api/v1/admin/users/{id}/sessions": [ids.admin, ids.member, ids.child],
    "/api/v1/admin/users/{id}/participation": [ids.admin, ids.member, ids.child],
    "/api/v1/admin/users/{id}/security-events": [ids.admin, ids.member],
    // Ending the admin's own sessions is refused (conflict); the child has none. Never the member, whose token the run uses.
    "/api/v1/admin/users/{id}/sessions/end": [ids.admin, ids.child],
    // The run's own client, and the first-party portal (every write refused: conflict). Never demo-app, which the run signs in with.
    "/api/v1/admin/clients/{id}": clientIds,
    "/api/v1/admin/clients/{id}/rotate-secret": clientIds,
    "/api/v1/admin/clients/{id}/disable": clientIds,
    "/api/v1/admin/events/{id}": eventIds,
    "/api/v1/admin/events/{id}/publish": eventIds,
    "/api/v1/admin/events/{id}/cancel": eventIds,
    "/api/v1/admin/events/{id}/postpone": eventIds,
    "/api/v1/admin/events/{id}/attendance": eventIds,
    "/api/v1/admin/events/{id}/check-ins": eventIds,
    "/api/v1/admin/events/{id}/registration": eventIds,
    "/api/v1/users/me/events/{id}/registration": eventIds,
    "/api/v1/admin/series/{id}": [String(series.id)],
    "/api/v1/admin/series/{id}/publish": [String(series.id)],
    "/api/v1/admin/families/{id}": [String(household.id)],
    "/api/v1/admin/guardianships/{id}/end": [String(guardianship.id)],
    // Only the run's own record: an edit of the member's or the teenager's would change what their routes work on.
    "/api/v1/admin/membership/records/{id}": [ownRecord],
    "/api/v1/admin/membership/records/{id}/unlink": [ownRecord],
    "/api/v1/admin/membership/suggestions/{id}/approve": [suggestion],
    "/api/v1/admin/membership/suggestions/{id}/reject": [suggestion],
    "/api/v1/admin/webhooks/{id}": [String(webhook.id)],
    "/api/v1/admin/webhooks/{id}/rotate-secret": [String(webhook.id)],
    "/api/v1/admin/webhooks/{id}/test": [String(webhook.id)],
    "/api/v1/admin/webhooks/{id}/deliveries": [String(webhook.id)],
    "/api/v1/admin/webhooks/{id}/deliveries/{id}/redeliver": [String(webhook.id)],
    "/api/v1/admin/people-imports/{id}": [String(peopleImport.id)],
    "/api/v1/admin/people-imports/{id}/start": [String(peopleImport.id)],
    "/api/v1/admin/people-imports/{id}/undo": [String(peopleImport.id)],
    "/api/v1/admin/calendar-imports/{id}": [String(calendarImport.id)],
    "/api/v1/admin/calendar-imports/{id}/start": [String(calendarImport.id)],
    "/api/v1/admin/calendar-imports/{id}/sync": [String(calendarImport.id)],
  };
  const realIds = (
    await database.query<{ id: string }>(
      `SELECT id::text AS id FROM account UNION ALL SELECT id FROM client UNION ALL SELECT id::text FROM guardianship
       UNION ALL SELECT id::text FROM membership_link_request UNION ALL SELECT id FROM event UNION ALL SELECT id::text FROM family
       UNION ALL SELECT id::text FROM federated_identity UNION ALL SELECT id FROM webhook_endpoint UNION ALL SELECT id::text FROM people_import
       UNION ALL SELECT id::text FROM calendar_import`,
    )
  ).map((row) => row.id.toLowerCase());
  return { memberToken, adminToken, kioskToken, thirdPartyTokens, ids, knownIds, realIds };
}
