import { expect, test } from "@playwright/test";
import { staffWithToken } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent, createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor, tokensFor } from "../support/oauth-client.ts";

// Sign-up over HTTP (docs/decisions/0024) against real PostgreSQL: staff open it, a parent signs up herself
// and a child, the waitlist fills and moves up on a cancellation (with its email in the outbox), an app that
// is not the church's own is refused, and many members at once never take more places than there are.

const IN_THREE_DAYS = 3 * 24 * 60;

test("a parent signs herself and a child up; the waitlist moves up on a cancellation and is told; a third-party app is refused", async () => {
  const staff = await staffWithToken("registration-staff");
  const event = await createCheckInEvent(await createCheckInCampus(), { title: "Family picnic", startsInMinutes: IN_THREE_DAYS, capacity: 2, modes: ["NONE"] });
  const { mum, dad, kids } = await createHousehold("sign-up", 2);
  const mumTokens = await portalTokensFor(mum);
  const dadTokens = await portalTokensFor(dad);

  expect(await callApi("POST", `/api/v1/users/me/events/${event.id}/registration`, mumTokens.access_token, { body: { person_ids: [mum.id] } })).toMatchObject({
    status: 409,
    body: { error: "conflict", error_description: "Family picnic does not take sign-up here" },
  });
  const opened = await callApi("PUT", `/api/v1/admin/events/${event.id}/registration`, staff.token, { body: { open: true, waitlist: true } });
  expect(opened).toMatchObject({ status: 200, body: { settings: { open: true, waitlist: true, opens_at: null, closes_at: null }, summary: { state: "open", spaces_left: 2 } } });

  const view = await callApi("GET", `/api/v1/users/me/events/${event.id}/registration`, mumTokens.access_token);
  expect(view.status).toBe(200);
  expect(view.body.people.map((p: { given_name: string; relation: string }) => p.relation)).toEqual(["self", "child", "child"]);

  const signed = await callApi("POST", `/api/v1/users/me/events/${event.id}/registration`, mumTokens.access_token, { body: { person_ids: [mum.id, kids[0]!.id, kids[1]!.id] } });
  expect(signed.status).toBe(201);
  expect(signed.body.registrations.map((r: { status: string; waitlist_position: number | null }) => [r.status, r.waitlist_position])).toEqual([["registered", null], ["registered", null], ["waitlisted", 1]]);
  expect(await callApi("POST", `/api/v1/users/me/events/${event.id}/registration`, dadTokens.access_token, { body: { person_ids: [mum.id] } })).toMatchObject({
    status: 400,
    body: { error: "invalid_request", error_description: "person_ids: each must be you or a child of your household" },
  });

  // Dad cancels his first child's place: his second child gets it, and Mum, who signed them up, is told.
  const first = signed.body.registrations[1];
  const cancelled = await callApi("DELETE", `/api/v1/users/me/registrations/${first.id}`, dadTokens.access_token);
  expect(cancelled).toMatchObject({ status: 200, body: { status: "cancelled", person_id: kids[0]!.id } });
  const mine = await callApi("GET", "/api/v1/users/me/registrations", dadTokens.access_token);
  expect(mine.body.registrations.map((r: { person_id: string; status: string }) => [r.person_id, r.status])).toEqual([[kids[1]!.id, "registered"]]);
  const messages = await sql<{ subject: string; body: string }>(`SELECT subject, body FROM outbox_message WHERE recipient = $1 AND subject LIKE 'A place at %'`, [mum.email]);
  expect(messages).toHaveLength(1);
  expect(messages[0]!.body).toContain(`${kids[1]!.givenName} has a place at Family picnic`);

  const staffView = await callApi("GET", `/api/v1/admin/events/${event.id}/registration`, staff.token);
  expect(staffView.body.summary).toMatchObject({ registered: 2, spaces_left: 0, waitlisted: 0 });
  expect(staffView.body.registrations.map((r: { family_name: string }) => r.family_name)).toHaveLength(2);

  // An app that is not the church's own never holds account:calendar.
  const app = await tokensFor(await createTestMember("sign-up-app"));
  expect(await callApi("GET", "/api/v1/users/me/registrations", app.access_token)).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "missing scope account:calendar" } });
  expect(await callApi("DELETE", `/api/v1/users/me/registrations/${first.id}`, app.access_token)).toMatchObject({ status: 403 });
});

test("10 members signing up at once for the last place: exactly one gets it; with a waitlist the others queue in one line", async () => {
  test.setTimeout(120_000);
  const staff = await staffWithToken("registration-race-staff");
  const campus = await createCheckInCampus();
  const last = await createCheckInEvent(campus, { title: "Retreat", startsInMinutes: IN_THREE_DAYS, capacity: 3, modes: ["NONE"] });
  const queue = await createCheckInEvent(campus, { title: "Retreat, second weekend", startsInMinutes: IN_THREE_DAYS + 60 * 24, capacity: 1, modes: ["NONE"] });
  expect((await callApi("PUT", `/api/v1/admin/events/${last.id}/registration`, staff.token, { body: { open: true } })).status).toBe(200);
  expect((await callApi("PUT", `/api/v1/admin/events/${queue.id}/registration`, staff.token, { body: { open: true, waitlist: true } })).status).toBe(200);
  // Two of the three places are taken.
  for (const label of ["early-1", "early-2"]) {
    const early = await createTestMember(`retreat-${label}`);
    expect((await callApi("POST", `/api/v1/users/me/events/${last.id}/registration`, (await portalTokensFor(early)).access_token, { body: { person_ids: [early.id] } })).status).toBe(201);
  }
  const members = await Promise.all(Array.from({ length: 10 }, (_, i) => createTestMember(`retreat-${i}`)));
  const tokens = await Promise.all(members.map((member) => portalTokensFor(member)));

  const answers = await Promise.all(members.map((member, i) => callApi("POST", `/api/v1/users/me/events/${last.id}/registration`, tokens[i]!.access_token, { body: { person_ids: [member.id] } })));
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
  expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error_description === "Retreat is full")).toBe(true);
  const [count] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM event_registration WHERE event_id = $1 AND status = 'registered'`, [last.id]);
  expect(count!.n).toBe(3);

  const queued = await Promise.all(members.map((member, i) => callApi("POST", `/api/v1/users/me/events/${queue.id}/registration`, tokens[i]!.access_token, { body: { person_ids: [member.id] } })));
  expect(queued.every((answer) => answer.status === 201)).toBe(true);
  const statuses = queued.map((answer) => answer.body.registrations[0] as { status: string; waitlist_position: number | null });
  expect(statuses.filter((r) => r.status === "registered")).toHaveLength(1);
  expect(statuses.filter((r) => r.status === "waitlisted").map((r) => r.waitlist_position).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
});
