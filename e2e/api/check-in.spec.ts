import { expect, test } from "@playwright/test";
import { createCheckInCampus, createCheckInEvent, createHousehold, enrolledKiosk, memberCode } from "../support/check-in.ts";
import { staffWithToken } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { ISSUER, portalTokensFor } from "../support/oauth-client.ts";

// Check-in over HTTP (docs/decisions/0023): a kiosk of a campus enrolled through the device flow checks two
// children in and out; the refusals; capacity and "one place at a time" under many simultaneous requests
// against real PostgreSQL; members' own check-in and staff's attendance.

const CODE = /^[ACDEFGHJKMNPQRTUVWXY3479]{4}$/;

test("a kiosk enrolled by the device flow checks two children in and out; wrong code, another campus and a not-authorized adult refused", async () => {
  const campus = await createCheckInCampus();
  const otherCampus = await createCheckInCampus();
  const event = await createCheckInEvent(campus);
  const elsewhere = await createCheckInEvent(otherCampus);
  const later = await createCheckInEvent(campus, { startsInMinutes: 180 });
  const home = await createHousehold("kiosk");
  const [amy, ben] = home.kids;
  const kiosk = await enrolledKiosk(campus);

  const events = await callApi("GET", "/api/v1/kiosk/events", kiosk.token);
  expect(events.status).toBe(200);
  const openIds = (events.body.events as { id: string }[]).map((e) => e.id);
  expect(openIds).toContain(event.id);
  expect(openIds).not.toContain(elsewhere.id);
  expect(openIds).not.toContain(later.id);

  // The guardian scans their code; the kiosk sees first names only.
  const mumCode = await memberCode(home.mum);
  const found = await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { member_code: mumCode } });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  expect(found.body.households[0]).toMatchObject({ family_id: home.familyId, scanned_id: home.mum.id });
  expect(found.body.households[0].members.filter((m: { role: string }) => m.role === "child").map((m: { given_name: string }) => m.given_name)).toEqual(["Kid1", "Kid2"]);
  expect(JSON.stringify(found.body)).not.toContain(amy!.familyName);
  expect(await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { member_code: `${mumCode.slice(0, -3)}abc` } })).toMatchObject({ status: 400, body: { error: "invalid_request", error_description: "member_code: is not a valid or current check-in code" } });

  const checkedIn = await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { guardian_id: home.mum.id, children: [{ child_id: amy!.id, event_id: event.id }, { child_id: ben!.id, event_id: event.id }] } });
  expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(201);
  const [amyIn, benIn] = checkedIn.body.check_ins as { id: string; security_code: string; given_name: string }[];
  expect([amyIn!.given_name, benIn!.given_name]).toEqual(["Kid1", "Kid2"]);
  expect(amyIn!.security_code).toMatch(CODE);
  expect(benIn!.security_code).toMatch(CODE);
  expect(amyIn!.security_code).not.toBe(benIn!.security_code);

  expect(await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { guardian_id: home.mum.id, children: [{ child_id: amy!.id, event_id: event.id }] } })).toMatchObject({ status: 409, body: { error: "conflict", error_description: `Kid1 is already checked in to ${event.title}` } });
  expect(await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { guardian_id: home.mum.id, children: [{ child_id: amy!.id, event_id: elsewhere.id }] } })).toMatchObject({ status: 404, body: { error: "not_found" } });

  // Checkout: a wrong code refused; the father marked not authorized refused, in words for the volunteer.
  const wrong = amyIn!.security_code === "AAAA" || benIn!.security_code === "AAAA" ? "CCCC" : "AAAA";
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { event_id: event.id, security_code: wrong } })).toMatchObject({ status: 400, body: { error: "invalid_request", error_description: "security_code: does not match a child checked in to this event today" } });
  const refused = await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { child_id: amy!.id, member_code: await memberCode(home.dad) } });
  expect(refused).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "this adult is marked NOT authorized to collect Kid1: do not hand the child over; fetch a staff member" } });
  const stranger = await createTestMember("stranger");
  expect((await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { child_id: amy!.id, member_code: await memberCode(stranger) } })).status).toBe(403);

  // Another campus's kiosk does not see this campus's children; a client without a campus is no kiosk.
  await sql(`UPDATE client SET check_in_campus_id = $2 WHERE id = $1`, [kiosk.clientId, otherCampus]);
  expect((await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { event_id: event.id, security_code: benIn!.security_code } })).status).toBe(400);
  await sql(`UPDATE client SET check_in_campus_id = NULL WHERE id = $1`, [kiosk.clientId]);
  expect(await callApi("GET", "/api/v1/kiosk/events", kiosk.token)).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "this client is not a check-in kiosk of a campus" } });
  await sql(`UPDATE client SET check_in_campus_id = $2 WHERE id = $1`, [kiosk.clientId, campus]);
  // The portal (not a kiosk client) cannot reach the kiosk API, even for a staff member.
  const staff = await staffWithToken("check-in-staff");
  expect(await callApi("GET", "/api/v1/kiosk/events", staff.token)).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "missing scope check-in:kiosk" } });

  // The right adult and the right code are accepted; who picked up is recorded.
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { child_id: amy!.id, member_code: mumCode } })).toMatchObject({ status: 200, body: { given_name: "Kid1", checked_out_at: expect.any(String) } });
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { event_id: event.id, security_code: benIn!.security_code.toLowerCase() } })).toMatchObject({ status: 200, body: { given_name: "Kid2" } });
  const rows = await sql<{ person_id: string; dropped_off_by: string; picked_up_by: string | null; check_out_method: string; kiosk_client_id: string }>(
    `SELECT person_id::text, dropped_off_by::text, picked_up_by::text, check_out_method, kiosk_client_id FROM check_in WHERE event_id = $1 ORDER BY checked_in_at, security_code`,
    [event.id],
  );
  expect(rows.find((row) => row.person_id === amy!.id)).toEqual({ person_id: amy!.id, dropped_off_by: home.mum.id, picked_up_by: home.mum.id, check_out_method: "adult", kiosk_client_id: kiosk.clientId });
  expect(rows.find((row) => row.person_id === ben!.id)).toMatchObject({ picked_up_by: null, check_out_method: "code" });
});

test("many simultaneous check-ins to an event one place from capacity admit exactly one; a child is never in two places at once", async () => {
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus, { capacity: 3 });
  const home = await createHousehold("burst", 12);
  const kiosk = await enrolledKiosk(campus);
  const [first, second, ...rest] = home.kids;
  const seated = await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { guardian_id: home.mum.id, children: [{ child_id: first!.id, event_id: event.id }, { child_id: second!.id, event_id: event.id }] } });
  expect(seated.status).toBe(201);

  const burst = await Promise.all(rest.map((kid) => callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { guardian_id: home.mum.id, children: [{ child_id: kid.id, event_id: event.id }] } })));
  expect(burst.filter((answer) => answer.status === 201)).toHaveLength(1);
  expect(burst.filter((answer) => answer.status === 409).map((answer) => answer.body.error_description)).toEqual(Array(rest.length - 1).fill(`${event.title} is full`));
  const [count] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM check_in WHERE event_id = $1 AND undone_at IS NULL AND checked_out_at IS NULL`, [event.id]);
  expect(count!.n).toBe(3);

  // One child, the same moment, to the same event six times and to two overlapping events: in once.
  const open = await createCheckInEvent(campus);
  const overlapping = await createCheckInEvent(campus, { startsInMinutes: 45 });
  const child = rest.find((kid) => !burst.some((answer) => answer.status === 201 && answer.body.check_ins[0].person_id === kid.id))!;
  const same = await Promise.all(Array.from({ length: 6 }, () => callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { guardian_id: home.mum.id, children: [{ child_id: child.id, event_id: open.id }] } })));
  expect(same.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  const other = rest.find((kid) => kid.id !== child.id && !burst.some((answer) => answer.status === 201 && answer.body.check_ins[0].person_id === kid.id))!;
  const both = await Promise.all([open.id, overlapping.id, open.id, overlapping.id].map((eventId) => callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { guardian_id: home.mum.id, children: [{ child_id: other.id, event_id: eventId }] } })));
  expect(both.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
});

test("a member checks in from their phone where the event allows it; staff see attendance, check in by hand, undo and export CSV", async () => {
  const campus = await createCheckInCampus();
  const selfEvent = await createCheckInEvent(campus, { modes: ["SELF_CHECK_IN", "MANUAL"], capacity: 10 });
  const kioskOnly = await createCheckInEvent(campus, { modes: ["QR_CODE"], startsInMinutes: 200 });
  const member = await createTestMember("self-check-in");
  const tokens = await portalTokensFor(member);
  const mine = await callApi("POST", "/api/v1/users/me/check-ins", tokens.access_token, { body: { event_id: selfEvent.id } });
  expect(mine).toMatchObject({ status: 201, body: { method: "self", security_code: null, event_id: selfEvent.id } });
  expect(await callApi("POST", "/api/v1/users/me/check-ins", tokens.access_token, { body: { event_id: kioskOnly.id } })).toMatchObject({ status: 409, body: { error: "conflict" } });
  expect((await callApi("GET", "/api/v1/users/me/check-ins", tokens.access_token)).body.check_ins.map((c: { event_id: string }) => c.event_id)).toEqual([selfEvent.id]);
  const log = await callApi("GET", "/api/v1/users/me/security-events", tokens.access_token);
  expect(log.body.events[0]).toMatchObject({ type: "checked_in" });

  const staff = await staffWithToken("attendance-staff");
  const guest = await createTestMember("guest");
  const byHand = await callApi("POST", `/api/v1/admin/events/${selfEvent.id}/check-ins`, staff.token, { body: { person_id: guest.id } });
  expect(byHand).toMatchObject({ status: 201, body: { method: "staff" } });
  expect((await callApi("GET", `/api/v1/admin/events/${selfEvent.id}/attendance`, staff.token)).body).toMatchObject({ capacity: 10, checked_in: 2, present: 2 });
  expect(await callApi("POST", `/api/v1/admin/check-ins/${byHand.body.id}/undo`, staff.token)).toMatchObject({ status: 200, body: { undone: true } });
  expect((await callApi("GET", `/api/v1/admin/events/${selfEvent.id}/attendance`, staff.token)).body).toMatchObject({ checked_in: 1, present: 1 });
  expect(await callApi("POST", `/api/v1/admin/check-ins/${mine.body.id}/check-out`, staff.token)).toMatchObject({ status: 200, body: { checked_out_at: expect.any(String) } });

  const csv = await fetch(new URL(`/api/v1/admin/attendance/export?event_id=${selfEvent.id}`, ISSUER), { headers: { authorization: `Bearer ${staff.token}` } });
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(member.id);
  expect(await callApi("GET", "/api/v1/admin/attendance/export?from=2026-01-01", staff.token)).toMatchObject({ status: 400, body: { error: "invalid_request" } });
});
