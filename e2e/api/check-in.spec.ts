import { expect, test } from "@playwright/test";
import { checkInAtKiosk, createCheckInCampus, createCheckInEvent, createHousehold, enrolledKiosk, memberCode, scanAtKiosk } from "../support/check-in.ts";
import { staffWithToken } from "../support/admin.ts";
import { uniquePhone } from "../support/contacts.ts";
import { sql, uniqueIp } from "../support/database.ts";
import { latestCodeFor, wrongCode } from "../support/outbox.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { ISSUER, portalTokensFor } from "../support/oauth-client.ts";

// Check-in over HTTP (docs/decisions/0023): a kiosk of a campus enrolled through the device flow checks two
// children in and out; the refusals; issue 36's child-safety rules against the production build (each of
// these failed on the code before: the label's code released a child, a phone's last four digits found a
// household and checked children in, and wrong codes at one tablet blocked every tablet of the campus);
// capacity and "one place at a time" under many simultaneous requests against real PostgreSQL; members' own
// check-in and staff's attendance.

const CODE = /^[ACDEFGHJKMNPQRTUVWXY3479]{4}$/;
const TAG = /^PICKUP-[A-Z2-7]{16}$/;
const INVALID_CODE = { error: "invalid_request", error_description: "member_code: is not a valid or current check-in code" };

test("a kiosk enrolled by the device flow checks two children in; the tag and an authorized adult's own code collect them; the label's code collects nobody", async () => {
  const campus = await createCheckInCampus();
  const otherCampus = await createCheckInCampus();
  const event = await createCheckInEvent(campus);
  const elsewhere = await createCheckInEvent(otherCampus);
  const later = await createCheckInEvent(campus, { startsInMinutes: 180 });
  const home = await createHousehold("kiosk");
  const [amy, ben] = home.kids;
  await sql(`UPDATE family_member SET notes = 'Peanut allergy' WHERE user_id = $1`, [amy!.id]);
  const kiosk = await enrolledKiosk(campus);

  const events = await callApi("GET", "/api/v1/kiosk/events", kiosk.token);
  expect(events.status).toBe(200);
  const openIds = (events.body.events as { id: string }[]).map((e) => e.id);
  expect(openIds).toContain(event.id);
  expect(openIds).not.toContain(elsewhere.id);
  expect(openIds).not.toContain(later.id);

  // The guardian scans their code; the kiosk sees first names only, never notes, and a proof of presence.
  const found = await scanAtKiosk(kiosk.token, home.mum);
  expect(found.households[0]).toMatchObject({ family_id: home.familyId, scanned_id: home.mum.id });
  expect(found.households[0]!.members.filter((m) => m.role === "child").map((m) => m.given_name)).toEqual(["Kid1", "Kid2"]);
  expect(JSON.stringify(found)).not.toContain(amy!.familyName);
  expect(JSON.stringify(found)).not.toContain("Peanut");
  const mumCode = await memberCode(home.mum);
  expect(await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { member_code: `${mumCode.slice(0, -3)}abc` } })).toMatchObject({ status: 400, body: INVALID_CODE });

  const checkedIn = await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, {
    body: { presence: found.presence, guardian_id: home.mum.id, children: [{ child_id: amy!.id, event_id: event.id }, { child_id: ben!.id, event_id: event.id }] },
  });
  expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(201);
  const [amyIn, benIn] = checkedIn.body.check_ins as { id: string; security_code: string; given_name: string; label_notes: string | null }[];
  expect([amyIn!.given_name, benIn!.given_name]).toEqual(["Kid1", "Kid2"]);
  expect([amyIn!.label_notes, benIn!.label_notes]).toEqual(["Peanut allergy", null]);
  expect(amyIn!.security_code).toMatch(CODE);
  expect(benIn!.security_code).toMatch(CODE);
  expect(amyIn!.security_code).not.toBe(benIn!.security_code);
  const pickupTag = checkedIn.body.pickup_tag as string;
  expect(pickupTag).toMatch(TAG);

  expect(await checkInAtKiosk(kiosk.token, home.mum, [amy!], event.id)).toMatchObject({ status: 409, body: { error: "conflict", error_description: `Kid1 is already checked in to ${event.title}: please see a volunteer` } });
  expect(await checkInAtKiosk(kiosk.token, home.mum, [amy!], elsewhere.id)).toMatchObject({ status: 404, body: { error: "not_found" } });

  // The code printed on a child's label releases nobody: the old body is refused as a body, and the code as a tag.
  const labelCode = { event_id: event.id, security_code: benIn!.security_code };
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: labelCode })).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  expect(await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { pickup_tag: benIn!.security_code } })).toMatchObject({
    status: 400,
    body: { error: "invalid_request", error_description: "pickup_tag: is not a pickup tag printed here; fetch a staff member" },
  });
  expect(await sql(`SELECT count(*)::int AS n FROM check_in WHERE event_id = $1 AND checked_out_at IS NULL`, [event.id])).toEqual([{ n: 2 }]);

  // The father, marked not authorized for Kid1, is shown Kid2 only and refused Kid1 in words for the volunteer.
  const dadCode = await memberCode(home.dad);
  expect(await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { member_code: dadCode } })).toMatchObject({
    status: 200,
    body: { children: [{ check_in_id: benIn!.id, given_name: "Kid2", security_code: benIn!.security_code }], refused: [{ given_name: "Kid1", reason: "not_authorized" }] },
  });
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { member_code: dadCode, check_in_ids: [amyIn!.id] } })).toMatchObject({
    status: 403,
    body: { error: "forbidden", error_description: "this adult is marked NOT authorized to collect Kid1: do not hand the child over; fetch a staff member" },
  });
  const stranger = await createTestMember("stranger");
  expect((await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { member_code: await memberCode(stranger) } })).status).toBe(404);

  // Another campus's kiosk does not see this campus's children; a client without a campus is no kiosk.
  await sql(`UPDATE client SET check_in_campus_id = $2 WHERE id = $1`, [kiosk.clientId, otherCampus]);
  expect((await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { pickup_tag: pickupTag } })).status).toBe(404);
  await sql(`UPDATE client SET check_in_campus_id = NULL WHERE id = $1`, [kiosk.clientId]);
  expect(await callApi("GET", "/api/v1/kiosk/events", kiosk.token)).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "this client is not a check-in kiosk of a campus" } });
  await sql(`UPDATE client SET check_in_campus_id = $2 WHERE id = $1`, [kiosk.clientId, campus]);
  // The portal (not a kiosk client) cannot reach the kiosk API, even for a staff member.
  const staff = await staffWithToken("check-in-staff");
  expect(await callApi("GET", "/api/v1/kiosk/events", staff.token)).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "missing scope check-in:kiosk" } });

  // The mother's own code collects Kid1, and is spent by it; the tag collects Kid2. Who picked up is recorded.
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { member_code: mumCode, check_in_ids: [amyIn!.id] } })).toMatchObject({ status: 200, body: { check_ins: [{ given_name: "Kid1", checked_out_at: expect.any(String) }] } });
  expect(await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { member_code: mumCode } })).toMatchObject({ status: 400, body: INVALID_CODE });
  expect(await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { pickup_tag: pickupTag.toLowerCase() } })).toMatchObject({ status: 200, body: { children: [{ given_name: "Kid2" }], refused: [] } });
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { pickup_tag: pickupTag, check_in_ids: [benIn!.id] } })).toMatchObject({ status: 200, body: { check_ins: [{ given_name: "Kid2" }] } });
  const rows = await sql<{ person_id: string; dropped_off_by: string; picked_up_by: string | null; check_out_method: string; kiosk_client_id: string }>(
    `SELECT person_id::text, dropped_off_by::text, picked_up_by::text, check_out_method, kiosk_client_id FROM check_in WHERE event_id = $1 ORDER BY checked_in_at, security_code`,
    [event.id],
  );
  expect(rows.find((row) => row.person_id === amy!.id)).toEqual({ person_id: amy!.id, dropped_off_by: home.mum.id, picked_up_by: home.mum.id, check_out_method: "adult", kiosk_client_id: kiosk.clientId });
  expect(rows.find((row) => row.person_id === ben!.id)).toMatchObject({ picked_up_by: null, check_out_method: "tag" });
});

test("a phone's last four digits find nobody; the whole number finds the household only with the code texted to it, and nothing checks a child in without that proof", async () => {
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus);
  const home = await createHousehold("kiosk-phone", 1);
  const [child] = home.kids;
  await sql(`UPDATE family_member SET notes = 'Asthma inhaler' WHERE user_id = $1`, [child!.id]);
  const phone = await uniquePhone();
  await sql(`UPDATE account SET phone = $2, phone_verified_at = now() WHERE id = $1`, [home.mum.id, phone]);
  const kiosk = await enrolledKiosk(campus);
  const stranger = { headers: { "x-forwarded-for": await uniqueIp() } };

  // What a stranger in the lobby could do before: the last four digits, then ids seen on screen.
  expect(await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { ...stranger, body: { phone_last_four: phone.slice(-4) } })).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  const noProof = await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { ...stranger, body: { guardian_id: home.mum.id, children: [{ child_id: child!.id, event_id: event.id }] } });
  expect(noProof).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  const forged = await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { ...stranger, body: { presence: "x".repeat(40), guardian_id: home.mum.id, children: [{ child_id: child!.id, event_id: event.id }] } });
  expect(forged).toMatchObject({ status: 400, body: { error: "invalid_request", error_description: "presence: has expired; scan your code or type your phone number again" } });

  // The whole number texts a code; a wrong code is refused; the answer for an unknown number looks the same.
  const started = await callApi("POST", "/api/v1/kiosk/phone-checks", kiosk.token, { ...stranger, body: { phone: `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` } });
  expect(started).toMatchObject({ status: 201, body: { id: expect.any(String), expires_in: 600 } });
  const code = await latestCodeFor(phone);
  expect(await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { ...stranger, body: { phone_check_id: started.body.id, code: wrongCode(code) } })).toMatchObject({ status: 400, body: { error: "invalid_request", error_description: "code: is not the code we texted; 4 tries left" } });
  const unknown = await uniquePhone();
  const decoy = await callApi("POST", "/api/v1/kiosk/phone-checks", kiosk.token, { ...stranger, body: { phone: unknown } });
  expect(decoy.status).toBe(201);
  expect(Object.keys(decoy.body)).toEqual(Object.keys(started.body));
  expect(await sql(`SELECT 1 FROM outbox_message WHERE recipient = $1`, [unknown])).toEqual([]);

  // With the texted code (the parent's phone in hand): the household by first names, no notes, and the proof.
  const found = await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { phone_check_id: started.body.id, code } });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  expect(found.body.households[0]).toMatchObject({ family_id: home.familyId, scanned_id: home.mum.id });
  expect(JSON.stringify(found.body)).not.toMatch(/Asthma|Member kiosk-phone/);
  const made = await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { presence: found.body.presence, guardian_id: home.mum.id, children: [{ child_id: child!.id, event_id: event.id }] } });
  expect(made).toMatchObject({ status: 201, body: { check_ins: [{ given_name: "Kid1", label_notes: "Asthma inhaler" }], pickup_tag: expect.stringMatching(TAG) } });
  // The father, marked not authorized for Kid1, can no more check her in than collect her.
  expect(await checkInAtKiosk(kiosk.token, home.dad, [child!], event.id)).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "this adult is marked NOT authorized for Kid1: do not check them in; fetch a staff member" } });

  // Staff see the refusals on the attendance page as they happen.
  const staffMember = await staffWithToken("kiosk-alerts-staff");
  const attendance = await callApi("GET", `/api/v1/admin/events/${event.id}/attendance`, staffMember.token);
  expect((attendance.body.kiosk_alerts as { kind: string; child_given_name: string | null }[]).map((alert) => [alert.kind, alert.child_given_name])).toEqual([
    ["not_authorized", "Kid1"],
    ["wrong_phone_code", null],
  ]);
});

test("wrong scans count per tablet: a stranger blocking one tablet never blocks a parent's code at another", async () => {
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus);
  const home = await createHousehold("kiosk-tablets", 1);
  const tabletA = await enrolledKiosk(campus);
  const tabletB = await enrolledKiosk(campus, tabletA.clientId);
  const made = await checkInAtKiosk(tabletA.token, home.mum, home.kids, event.id);
  expect(made.status).toBe(201);

  // 21 unknown tags at tablet A: it now waits.
  let last = await callApi("POST", "/api/v1/kiosk/pickups", tabletA.token, { body: { pickup_tag: `PICKUP-${"A".repeat(16)}` } });
  for (let i = 0; i < 21 && last.status === 400; i += 1) last = await callApi("POST", "/api/v1/kiosk/pickups", tabletA.token, { body: { pickup_tag: `PICKUP-${"A".repeat(16)}` } });
  expect(last).toMatchObject({ status: 429, body: { error: "too_many_requests" } });
  expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
  expect((await callApi("POST", "/api/v1/kiosk/pickups", tabletA.token, { body: { member_code: await memberCode(home.mum) } })).status).toBe(429);
  // The same kiosk's other tablet: the parent's own code, and the tag printed at tablet A, work.
  const found = await callApi("POST", "/api/v1/kiosk/pickups", tabletB.token, { body: { member_code: await memberCode(home.mum) } });
  expect(found).toMatchObject({ status: 200, body: { children: [{ given_name: "Kid1" }] } });
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", tabletB.token, { body: { pickup_tag: made.body.pickup_tag, check_in_ids: [made.body.check_ins[0].id] } })).toMatchObject({ status: 200 });
});

test("many simultaneous check-ins to an event one place from capacity admit exactly one; a child is never in two places at once", async () => {
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus, { capacity: 3 });
  const home = await createHousehold("burst", 12);
  const kiosk = await enrolledKiosk(campus);
  const [first, second, ...rest] = home.kids;
  const seated = await checkInAtKiosk(kiosk.token, home.mum, [first!, second!], event.id);
  expect(seated.status).toBe(201);
  const { presence } = await scanAtKiosk(kiosk.token, home.mum);
  const checkIn = (childId: string, eventId: string) => callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, { body: { presence, guardian_id: home.mum.id, children: [{ child_id: childId, event_id: eventId }] } });

  const burst = await Promise.all(rest.map((kid) => checkIn(kid.id, event.id)));
  expect(burst.filter((answer) => answer.status === 201)).toHaveLength(1);
  expect(burst.filter((answer) => answer.status === 409).map((answer) => answer.body.error_description)).toEqual(Array(rest.length - 1).fill(`${event.title} is full`));
  const [count] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM check_in WHERE event_id = $1 AND undone_at IS NULL AND checked_out_at IS NULL`, [event.id]);
  expect(count!.n).toBe(3);

  // One child, the same moment, to the same event six times and to two overlapping events: in once.
  const open = await createCheckInEvent(campus);
  const overlapping = await createCheckInEvent(campus, { startsInMinutes: 45 });
  const child = rest.find((kid) => !burst.some((answer) => answer.status === 201 && answer.body.check_ins[0].person_id === kid.id))!;
  const same = await Promise.all(Array.from({ length: 6 }, () => checkIn(child.id, open.id)));
  expect(same.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  const other = rest.find((kid) => kid.id !== child.id && !burst.some((answer) => answer.status === 201 && answer.body.check_ins[0].person_id === kid.id))!;
  const both = await Promise.all([open.id, overlapping.id, open.id, overlapping.id].map((eventId) => checkIn(other.id, eventId)));
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
