/**
 * Helpers of the check-in specs (docs/decisions/0023): a campus and events of the test's own, a household
 * with children, and a kiosk client of a campus enrolled through the device authorization grant by a
 * volunteer holding `attendance:kiosk`, as a lobby tablet is.
 */
import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { sql, uniqueIp } from "./database.ts";
import { birthDateYearsAgo, createChildWithoutSignIn, createFamily } from "./families.ts";
import { callApi } from "./identity-api.ts";
import { createTestMember, type TestMember } from "./oauth-accounts.ts";
import { OAuthBrowser, hiddenInputs } from "./oauth-browser.ts";
import { portalTokensFor } from "./oauth-client.ts";
import { discover, insecure } from "./second-relying-party.ts";

const MINUTE = 60_000;

export async function createCheckInCampus(): Promise<string> {
  const id = `cmp_checkin_${randomBytes(5).toString("hex")}`;
  await sql(`INSERT INTO campus (id, name, timezone) VALUES ($1, $2, 'Europe/London')`, [id, `Campus ${id}`]);
  return id;
}

/** An event of the campus starting `startsInMinutes` from now (check-in opens 60 minutes before). */
export async function createCheckInEvent(campusId: string, options: { startsInMinutes?: number; minutes?: number; capacity?: number | null; modes?: string[]; title?: string } = {}): Promise<{ id: string; title: string }> {
  const id = `evt_checkin_${randomBytes(6).toString("hex")}`;
  const title = options.title ?? `Kids church ${randomBytes(3).toString("hex")}`;
  const start = new Date(Date.now() + (options.startsInMinutes ?? 30) * MINUTE);
  const end = new Date(start.getTime() + (options.minutes ?? 90) * MINUTE);
  await sql(
    `INSERT INTO event (id, slug, title, description, event_type, start_date, start_time, end_date, end_time, timezone, start_at, end_at, campus_id, capacity, attendance_modes, updated_at)
     VALUES ($1, $2, $3, '', 'SERVICE', $4, $5, $6, $7, 'UTC', $8, $9, $10, $11, $12::"AttendanceMode"[], now())`,
    [id, id.replace(/_/g, "-"), title, start.toISOString().slice(0, 10), start.toISOString().slice(11, 16), end.toISOString().slice(0, 10), end.toISOString().slice(11, 16), start, end, campusId, options.capacity ?? null, options.modes ?? ["QR_CODE", "MANUAL", "SELF_CHECK_IN"]],
  );
  return { id, title };
}

/** Two adults (the second marked not authorized for the first child) and `children` children. */
export async function createHousehold(label: string, children = 2) {
  const mum = await createTestMember(`${label}-mum`);
  const dad = await createTestMember(`${label}-dad`);
  const kids = [];
  for (let i = 0; i < children; i += 1) kids.push(await createChildWithoutSignIn(`Kid${i + 1}`, await birthDateYearsAgo(6)));
  const familyId = await createFamily({ adults: [mum, dad], children: kids });
  await sql(`INSERT INTO pickup_person (child_id, kind, user_id, name) VALUES ($1, 'not_authorized', $2, 'Dad')`, [kids[0]!.id, dad.id]);
  return { familyId, mum, dad, kids };
}

/** The household search of the adult at the tablet by their own code: its answer, with the proof of presence checking in needs. */
export async function scanAtKiosk(kioskToken: string, member: TestMember) {
  const found = await callApi("POST", "/api/v1/kiosk/households", kioskToken, { body: { member_code: await memberCode(member) } });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as { households: { family_id: string | null; scanned_id?: string; members: { id: string; given_name: string; role: string }[] }[]; presence: string };
}

/** The adult at the tablet checks these children in to the event: scan, then check in. Answers the raw answer. */
export async function checkInAtKiosk(kioskToken: string, adult: TestMember, children: { id: string }[], eventId: string) {
  const { presence } = await scanAtKiosk(kioskToken, adult);
  return callApi("POST", "/api/v1/kiosk/check-ins", kioskToken, { body: { presence, guardian_id: adult.id, children: children.map((child) => ({ child_id: child.id, event_id: eventId })) } });
}

/** A member's current check-in code, as their phone shows it. */
export async function memberCode(member: TestMember): Promise<string> {
  const tokens = await portalTokensFor(member);
  const answer = await callApi("GET", "/api/v1/users/me/check-in-code", tokens.access_token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.code as string;
}

/**
 * A kiosk client bound to the campus, registered first-party for `check-in:kiosk`, and enrolled by the
 * device flow: the kiosk shows a code, a volunteer with `attendance:kiosk` types it at /device and allows
 * it, the kiosk's poll turns into tokens. Answers the kiosk's access token. With `existingClientId`, another
 * tablet of that kiosk client (each tablet is its own enrolment, its own device session).
 */
export async function enrolledKiosk(campusId: string, existingClientId?: string): Promise<{ clientId: string; token: string }> {
  const clientId = existingClientId ?? `kiosk-${randomBytes(5).toString("hex")}`;
  if (!existingClientId) {
    await sql(
      `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
       VALUES ($1, 'Lobby check-in', 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, $2)`,
      [clientId, campusId],
    );
  }
  const volunteer = await createTestMember("kiosk-volunteer");
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'kiosk'`, [volunteer.id]);

  const as = await discover();
  const client: oauth.Client = { client_id: clientId };
  const started = await oauth.deviceAuthorizationRequest(as, client, oauth.None(), new URLSearchParams({ scope: "openid check-in:kiosk" }), { ...insecure, headers: { "x-forwarded-for": await uniqueIp(), "user-agent": "LobbyKiosk/2.1 (Linux)" } });
  const device = await oauth.processDeviceAuthorizationResponse(as, client, started);
  const browser = new OAuthBrowser();
  expect((await browser.postSignIn(null, volunteer.email, volunteer.password)).status).toBe(200);
  const { html } = await browser.page("/device");
  const typed = await browser.fetch("/auth/device", { form: { ...hiddenInputs(html), user_code: device.user_code }, headers: { accept: "application/json" } });
  const reviewUrl = browser.url(((await typed.json()) as { redirect_to: string }).redirect_to);
  const review = await browser.page(reviewUrl);
  const done = await browser.post("/auth/device/decision", { ...hiddenInputs(review.html), decision: "allow" });
  expect(`${done.pathname}${done.search}`).toBe("/device?done=allowed");
  const tokens = await oauth.processDeviceCodeResponse(as, client, await oauth.deviceCodeGrantRequest(as, client, oauth.None(), device.device_code, insecure));
  expect(tokens.scope).toBe("openid check-in:kiosk");
  return { clientId, token: tokens.access_token };
}
