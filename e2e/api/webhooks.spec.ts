import { expect, test } from "@playwright/test";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { createEvent, eventBody, staffWithToken } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent, createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { startScratchServer } from "../support/scratch-server.ts";
import { TEST_DATABASE_URL } from "../support/test-env.ts";

// Webhooks over HTTP (docs/decisions/0027) against real PostgreSQL, with a real receiver: a server in this
// process on loopback, which the test server may reach (OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true, as for
// back-channel logout; a production server refuses it, lib/webhooks/webhooks.service.test.ts). Every signature is
// checked by the Standard Webhooks reference library (`standardwebhooks`), not by our own code.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let receiverBase: string;
/** What each path received, in order. */
const received = new Map<string, Received[]>();
/** How each path answers (200 by default). Other specs' calendar changes reach these endpoints too, so a test looks only at its own message ids. */
const answers = new Map<string, number>();
/** Paths that answer 500 to the first attempt of each message, and 200 to the next. */
const flaky = new Set<string>();
const seen = new Set<string>();

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const path = request.url ?? "";
      received.set(path, [...(received.get(path) ?? []), { headers: request.headers, body }]);
      const id = String(request.headers["webhook-id"]);
      const status = flaky.has(path) && !seen.has(id) ? 500 : (answers.get(path) ?? 200);
      seen.add(id);
      response.writeHead(status, status >= 300 && status < 400 ? { location: `${receiverBase}/landing` } : {}).end(status === 500 ? "boom" : "");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

/** Every endpoint the tests registered, deleted at the end so the shared server stops calling them. */
const registered: { id: string; token: string }[] = [];
test.afterAll(async () => {
  for (const { id, token } of registered) await callApi("DELETE", `/api/v1/admin/webhooks/${id}`, token);
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function register(token: string, path: string, eventTypes: string[], extra: Record<string, unknown> = {}) {
  const answer = await callApi("POST", "/api/v1/admin/webhooks", token, { body: { url: `${receiverBase}${path}`, event_types: eventTypes, ...extra } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  registered.push({ id: answer.body.id, token });
  return answer.body as { id: string; secret: string; url: string };
}

interface Message {
  id: string;
  timestamp: number;
  payload: { type: string; timestamp: string; data: { event?: { eventId: string; status: string; title: string }; registration?: unknown; endpoint_id?: string } };
}

/** The messages a path received, each verified with the endpoint's secret by the reference library. */
function verified(path: string, secret: string): Message[] {
  return (received.get(path) ?? []).map(({ headers, body }) => {
    expect(headers["content-type"]).toBe("application/json");
    const payload = new Webhook(secret).verify(body, headers as Record<string, string>) as Message["payload"];
    return { id: String(headers["webhook-id"]), timestamp: Number(headers["webhook-timestamp"]), payload };
  });
}

async function messagesFor(path: string, secret: string, eventId: string, count: number): Promise<Message[]> {
  const mine = () => verified(path, secret).filter((message) => message.payload.data.event?.eventId === eventId);
  await expect.poll(() => mine().length, { timeout: 15_000, intervals: [100, 250, 500] }).toBe(count);
  return mine();
}

async function deliveryLog(token: string, endpointId: string) {
  const answer = await callApi("GET", `/api/v1/admin/webhooks/${endpointId}/deliveries`, token);
  expect(answer.status).toBe(200);
  return answer.body.items as { id: string; event_type: string; attempts: number; last_status: number | null; last_error: string | null; delivered_at: string | null; state: string; payload: string }[];
}

test("staff register an endpoint; each calendar change arrives once, signed as Standard Webhooks says; the secret is shown once and audited only as hidden", async () => {
  const staff = await staffWithToken("webhooks-staff");
  const endpoint = await register(staff.token, "/calendar", ["event.created", "event.updated", "event.cancelled", "event.registration_opened"], { description: "Church website" });
  expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(endpoint).toMatchObject({ id: expect.stringMatching(/^whep_[a-z0-9]{10}$/), description: "Church website", enabled: true, last_delivery: null, rotated_at: null, previous_secret_expires_at: null, failing_since: null, auto_disabled_at: null });
  const read = await callApi("GET", `/api/v1/admin/webhooks/${endpoint.id}`, staff.token);
  expect(read.status).toBe(200);
  expect(JSON.stringify(read.body)).not.toContain(endpoint.secret.slice(6));
  expect(read.body).not.toHaveProperty("secret");

  const event = await createEvent(staff.token);
  expect((await callApi("PATCH", `/api/v1/admin/events/${event.eventId}`, staff.token, { body: { title: `${event.title}, moved` } })).status).toBe(200);
  expect((await callApi("POST", `/api/v1/admin/events/${event.eventId}/publish`, staff.token)).status).toBe(200);
  expect((await callApi("PUT", `/api/v1/admin/events/${event.eventId}/registration`, staff.token, { body: { open: true } })).status).toBe(200);
  // Saving the settings again while open is no new opening.
  expect((await callApi("PUT", `/api/v1/admin/events/${event.eventId}/registration`, staff.token, { body: { open: true, waitlist: true } })).status).toBe(200);
  expect((await callApi("POST", `/api/v1/admin/events/${event.eventId}/cancel`, staff.token)).status).toBe(200);
  // Cancelling again changes nothing and says nothing.
  expect((await callApi("POST", `/api/v1/admin/events/${event.eventId}/cancel`, staff.token)).status).toBe(200);

  const messages = (await messagesFor("/calendar", endpoint.secret, event.eventId, 5)).sort((a, b) => a.payload.timestamp.localeCompare(b.payload.timestamp));
  // One message per change, in the order of the changes (each is written when its change commits); the
  // second settings PUT opened nothing new and the second cancel changed nothing, so they are not among them.
  expect(messages.map((message) => [message.payload.type, message.payload.data.event!.status])).toEqual([
    ["event.created", "DRAFT"],
    ["event.updated", "DRAFT"],
    ["event.updated", "SCHEDULED"],
    ["event.registration_opened", "SCHEDULED"],
    ["event.cancelled", "CANCELLED"],
  ]);
  expect(messages[1]!.payload.data.event!.title).toBe(`${event.title}, moved`);
  expect(messages[3]!.payload.data.registration).toEqual({ opens_at: null, closes_at: null, waitlist: false, capacity: null });
  expect(new Set(messages.map((message) => message.id)).size).toBe(5);
  for (const message of messages) {
    expect(message.id).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(Math.abs(message.timestamp - Date.now() / 1000)).toBeLessThan(120);
    expect(Date.parse(message.payload.timestamp)).not.toBeNaN();
  }

  const log = await deliveryLog(staff.token, endpoint.id);
  const mine = log.filter((delivery) => messages.some((message) => message.id === delivery.id));
  expect(mine).toHaveLength(5);
  expect(mine.every((delivery) => delivery.state === "delivered" && delivery.attempts === 1 && delivery.last_status === 200 && delivery.last_error === null)).toBe(true);

  const [audit] = await sql<{ section: string; changes: string }>(`SELECT section, changes::text AS changes FROM staff_audit_entry WHERE target_id IS NULL AND path = '/api/v1/admin/webhooks' AND actor_id = $1::uuid`, [staff.member.id]);
  expect(audit!.section).toBe("webhooks");
  expect(audit!.changes).toContain('"secret_sealed": "(hidden)"');
  expect(audit!.changes).not.toContain(endpoint.secret.slice(6));
  const filtered = await callApi("GET", "/api/v1/admin/audit?section=webhooks&per=100", (await staffWithToken("webhooks-auditor", "admin")).token);
  expect(filtered.status).toBe(200);
  expect(filtered.body.items.every((entry: { section: string }) => entry.section === "webhooks")).toBe(true);
  expect(filtered.body.items.some((entry: { path: string; actor_id?: string }) => entry.path === "/api/v1/admin/webhooks")).toBe(true);
});

test("a recurring series is told date by date: each occurrence created, published, moved by edit all, and a dropped published date cancelled", async () => {
  const staff = await staffWithToken("webhooks-series");
  const endpoint = await register(staff.token, "/series", ["event.created", "event.updated", "event.cancelled"]);
  const body = { ...eventBody({ startDate: "2027-06-07", endDate: "2027-06-07", startTime: "19:00", endTime: "20:00" }), repeat: { frequency: "WEEKLY", weekdays: ["MO"], count: 3 } };
  const created = await callApi("POST", "/api/v1/admin/series", staff.token, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const occurrences = (created.body as { occurrences: { eventId: string; recurrenceDate: string }[] }).occurrences;
  expect(occurrences.map((occurrence) => occurrence.recurrenceDate)).toEqual(["2027-06-07", "2027-06-14", "2027-06-21"]);
  expect((await callApi("POST", `/api/v1/admin/series/${created.body.id}/publish`, staff.token)).status).toBe(200);
  // Edit all: an hour later, and two dates instead of three: the third, published, is cancelled.
  const edited = await callApi("PATCH", `/api/v1/admin/series/${created.body.id}`, staff.token, { body: { startTime: "20:00", endTime: "21:00", repeat: { frequency: "WEEKLY", weekdays: ["MO"], count: 2 } } });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);

  const [first, second, third] = occurrences;
  const typesOf = async (eventId: string, count: number) =>
    (await messagesFor("/series", endpoint.secret, eventId, count)).sort((a, b) => a.payload.timestamp.localeCompare(b.payload.timestamp)).map((message) => [message.payload.type, message.payload.data.event!.status]);
  for (const kept of [first!, second!]) {
    expect(await typesOf(kept.eventId, 3)).toEqual([["event.created", "DRAFT"], ["event.updated", "SCHEDULED"], ["event.updated", "SCHEDULED"]]);
  }
  expect(await typesOf(third!.eventId, 3)).toEqual([["event.created", "DRAFT"], ["event.updated", "SCHEDULED"], ["event.cancelled", "CANCELLED"]]);
});

test("a receiver that answers 500 and then 200 gets the same message twice: one id, two attempts, the second by the scheduled retry after its back-off", async () => {
  test.setTimeout(120_000);
  const staff = await staffWithToken("webhooks-retry");
  const endpoint = await register(staff.token, "/flaky", ["event.updated"]);
  flaky.add("/flaky");
  const ping = await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/test`, staff.token);
  expect(ping).toMatchObject({ status: 202, body: { endpoint_id: endpoint.id, event_type: "webhook.ping", attempts: 0, state: "pending" } });
  const id = ping.body.id as string;

  await expect.poll(async () => (await deliveryLog(staff.token, endpoint.id)).find((delivery) => delivery.id === id)?.attempts, { timeout: 15_000 }).toBe(1);
  expect((await deliveryLog(staff.token, endpoint.id)).find((delivery) => delivery.id === id)).toMatchObject({ state: "failing", last_status: 500, last_error: "answered HTTP 500", delivered_at: null });
  const [queued] = await sql<{ seconds: number }>(`SELECT extract(epoch FROM next_attempt_at - now())::float AS seconds FROM outbox_message WHERE channel = 'webhook' AND recipient = $1`, [id]);
  expect(queued!.seconds).toBeGreaterThan(15);
  // Failing from that attempt on: shown on the endpoint, cleared by the next message that gets through.
  const failing = await callApi("GET", `/api/v1/admin/webhooks/${endpoint.id}`, staff.token);
  expect(failing.body).toMatchObject({ enabled: true, failing_since: expect.any(String), auto_disabled_at: null });

  // The back-off has passed; the deliver-outbox job (Vercel Cron, or `npm run outbox:deliver`) retries it.
  await sql(`UPDATE outbox_message SET next_attempt_at = now() - interval '1 second' WHERE channel = 'webhook' AND recipient = $1`, [id]);
  const cron = await startScratchServer({ DATABASE_URL: TEST_DATABASE_URL, CRON_SECRET: "webhooks-cron-secret-0123456789", OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" });
  try {
    const run = await fetch(`${cron.baseUrl}/api/cron/deliver-outbox`, { headers: { authorization: "Bearer webhooks-cron-secret-0123456789" } });
    expect(run.status).toBe(200);
  } finally {
    await cron.stop();
  }
  const attempts = verified("/flaky", endpoint.secret).filter((message) => message.id === id);
  expect(attempts).toHaveLength(2);
  const [first, second] = attempts;
  expect([first!.id, second!.id]).toEqual([id, id]);
  expect(second!.payload).toEqual(first!.payload);
  expect(first!.payload).toMatchObject({ type: "webhook.ping", data: { endpoint_id: endpoint.id } });
  expect((await deliveryLog(staff.token, endpoint.id)).find((delivery) => delivery.id === id)).toMatchObject({ state: "delivered", attempts: 2, last_status: 200, last_error: null, delivered_at: expect.any(String) });
  expect((await callApi("GET", `/api/v1/admin/webhooks/${endpoint.id}`, staff.token)).body).toMatchObject({ enabled: true, failing_since: null, auto_disabled_at: null });
});

test("a redirect is not followed and counts as a failure; redelivery from the log sends the same message again", async () => {
  const staff = await staffWithToken("webhooks-redirect");
  const endpoint = await register(staff.token, "/moved", ["event.updated"]);
  answers.set("/moved", 307);
  const ping = await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/test`, staff.token);
  const id = ping.body.id as string;
  await expect.poll(async () => (await deliveryLog(staff.token, endpoint.id)).find((delivery) => delivery.id === id)?.attempts, { timeout: 15_000 }).toBe(1);
  expect((await deliveryLog(staff.token, endpoint.id)).find((delivery) => delivery.id === id)).toMatchObject({ state: "failing", last_status: 307, last_error: "answered HTTP 307; redirects are not followed" });
  expect(received.get("/landing")).toBeUndefined();

  answers.set("/moved", 200);
  const again = await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/${id}/redeliver`, staff.token);
  expect(again).toMatchObject({ status: 202, body: { id, attempts: 1 } });
  await expect.poll(async () => (await deliveryLog(staff.token, endpoint.id)).find((delivery) => delivery.id === id)?.state, { timeout: 15_000 }).toBe("delivered");
  const mine = () => (received.get("/moved") ?? []).filter((message) => message.headers["webhook-id"] === id);
  expect(mine()).toHaveLength(2);
  for (const message of mine()) expect(new Webhook(endpoint.secret).verify(message.body, message.headers as Record<string, string>)).toMatchObject({ type: "webhook.ping" });
  expect((await deliveryLog(staff.token, endpoint.id)).find((delivery) => delivery.id === id)).toMatchObject({ attempts: 2, last_status: 200, last_error: null });
  expect(received.get("/landing")).toBeUndefined();

  // A new secret signs every attempt from now on, redeliveries too. For a day the old one signs beside it
  // (two space-separated signatures), so a receiver that has not yet put the new one in still verifies.
  const rotatedAt = Date.now();
  const rotated = await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/rotate-secret`, staff.token);
  expect(rotated).toMatchObject({ status: 200, body: { id: endpoint.id, rotated_at: expect.any(String), previous_secret_expires_at: expect.any(String) } });
  expect(rotated.body.secret).not.toBe(endpoint.secret);
  const graceEnds = Date.parse(rotated.body.previous_secret_expires_at as string) - rotatedAt;
  expect(graceEnds).toBeGreaterThan(24 * 3600_000 - 60_000);
  expect(graceEnds).toBeLessThan(24 * 3600_000 + 60_000);
  await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/${id}/redeliver`, staff.token);
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(3);
  const third = mine()[2]!;
  expect(String(third.headers["webhook-signature"]).split(" ")).toHaveLength(2);
  expect(new Webhook(rotated.body.secret).verify(third.body, third.headers as Record<string, string>)).toMatchObject({ type: "webhook.ping" });
  expect(new Webhook(endpoint.secret).verify(third.body, third.headers as Record<string, string>)).toMatchObject({ type: "webhook.ping" });

  // A second rotation within the day: the newest secret signs, both older ones beside it.
  const secondRotation = await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/rotate-secret`, staff.token);
  expect(secondRotation.status).toBe(200);
  await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/${id}/redeliver`, staff.token);
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(4);
  const fourth = mine()[3]!;
  expect(String(fourth.headers["webhook-signature"]).split(" ")).toHaveLength(3);
  for (const secret of [secondRotation.body.secret as string, rotated.body.secret as string, endpoint.secret]) {
    expect(new Webhook(secret).verify(fourth.body, fourth.headers as Record<string, string>)).toMatchObject({ type: "webhook.ping" });
  }

  // Once the day is over, only the current secret signs, and the endpoint no longer names a grace.
  await sql(`UPDATE webhook_previous_secret SET expires_at = now() - interval '1 second' WHERE endpoint_id = $1`, [endpoint.id]);
  expect((await callApi("GET", `/api/v1/admin/webhooks/${endpoint.id}`, staff.token)).body).toMatchObject({ previous_secret_expires_at: null });
  await callApi("POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/${id}/redeliver`, staff.token);
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(5);
  const fifth = mine()[4]!;
  expect(String(fifth.headers["webhook-signature"]).split(" ")).toHaveLength(1);
  expect(new Webhook(secondRotation.body.secret as string).verify(fifth.body, fifth.headers as Record<string, string>)).toMatchObject({ type: "webhook.ping" });
  for (const secret of [rotated.body.secret as string, endpoint.secret]) {
    expect(() => new Webhook(secret).verify(fifth.body, fifth.headers as Record<string, string>)).toThrow();
  }
});

test("cancelling an event tells everyone signed up or waiting, once, by email; a disabled endpoint is told nothing", async () => {
  const staff = await staffWithToken("webhooks-cancel");
  const event = await createCheckInEvent(await createCheckInCampus(), { title: "Harvest hike", startsInMinutes: 3 * 24 * 60, capacity: 1, modes: ["NONE"] });
  const disabled = await register(staff.token, "/disabled", ["event.cancelled"], { enabled: false });
  expect((await callApi("PUT", `/api/v1/admin/events/${event.id}/registration`, staff.token, { body: { open: true, waitlist: true } })).status).toBe(200);
  const { mum, dad, kids } = await createHousehold("webhooks-cancel", 1);
  const signed = await callApi("POST", `/api/v1/users/me/events/${event.id}/registration`, (await portalTokensFor(mum)).access_token, { body: { person_ids: [mum.id, kids[0]!.id] } });
  expect(signed.body.registrations.map((r: { status: string }) => r.status)).toEqual(["registered", "waitlisted"]);
  const dadSigned = await callApi("POST", `/api/v1/users/me/events/${event.id}/registration`, (await portalTokensFor(dad)).access_token, { body: { person_ids: [dad.id] } });
  expect(dadSigned.status).toBe(201);

  const notices = () => sql<{ recipient: string; body: string }>(`SELECT recipient, body FROM outbox_message WHERE channel = 'email' AND subject LIKE 'Cancelled: Harvest hike%' AND recipient = ANY($1)`, [[mum.email, dad.email]]);
  expect(await notices()).toEqual([]);
  expect((await callApi("POST", `/api/v1/admin/events/${event.id}/cancel`, staff.token)).status).toBe(200);
  expect((await callApi("POST", `/api/v1/admin/events/${event.id}/cancel`, staff.token)).status).toBe(200);
  const sent = await notices();
  expect(sent.map((notice) => notice.recipient).sort()).toEqual([mum.email, dad.email].sort());
  expect(sent.find((notice) => notice.recipient === mum.email)!.body).toContain(`You signed yourself and ${kids[0]!.givenName} up for it`);
  expect(sent.find((notice) => notice.recipient === dad.email)!.body).toContain("Harvest hike on ");
  expect(sent.find((notice) => notice.recipient === dad.email)!.body).toContain("has been cancelled");
  const [count] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1`, [disabled.id]);
  expect(count!.n).toBe(0);
});

test("bad input to every webhook route is refused, naming the field, and changes nothing", async () => {
  const staff = await staffWithToken("webhooks-refusals");
  const endpoint = await register(staff.token, "/refusals", ["event.updated"]);
  const other = await register(staff.token, "/refusals-other", ["event.updated"]);
  const ping = await callApi("POST", `/api/v1/admin/webhooks/${other.id}/test`, staff.token);
  // What a refusal must leave as it was: the endpoints, their test messages and attempts, and the staff
  // member's audit record (a refused staff write rolls back with its entry). Other specs' calendar changes
  // may add messages of other types meanwhile.
  const state = async () => [
    await sql(`SELECT id, url, description, event_types, enabled, secret_sealed, updated_at, rotated_at FROM webhook_endpoint WHERE id = ANY($1) ORDER BY id`, [[endpoint.id, other.id]]),
    await sql(`SELECT id, attempts, delivered_at FROM webhook_delivery WHERE endpoint_id = ANY($1) AND event_type = 'webhook.ping' ORDER BY id`, [[endpoint.id, other.id]]),
    await sql(`SELECT count(*)::int AS n FROM staff_audit_entry WHERE actor_id = $1::uuid`, [staff.member.id]),
  ];
  await expect.poll(async () => (await deliveryLog(staff.token, other.id)).find((delivery) => delivery.id === ping.body.id)?.attempts, { timeout: 15_000 }).toBe(1);
  const before = await state();

  const URL_MESSAGE = "url: must be an https URL of at most 2000 characters, without a user name, password or fragment";
  const TYPES = "event.created, event.updated, event.cancelled, event.registration_opened";
  const cases: [method: string, path: string, body: unknown, status: number, description: string][] = [
    ["POST", "/api/v1/admin/webhooks", {}, 400, `${URL_MESSAGE}; event_types: must be a list of ${TYPES}`],
    ["POST", "/api/v1/admin/webhooks", { url: "ftp://hooks.example.org/", event_types: ["event.updated"] }, 400, URL_MESSAGE],
    ["POST", "/api/v1/admin/webhooks", { url: "https://user:pw@hooks.example.org/", event_types: ["event.updated"] }, 400, URL_MESSAGE],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/#x", event_types: ["event.updated"] }, 400, URL_MESSAGE],
    ["POST", "/api/v1/admin/webhooks", { url: "javascript:alert(1)", event_types: ["event.updated"] }, 400, URL_MESSAGE],
    ["POST", "/api/v1/admin/webhooks", { url: `https://hooks.example.org/${"x".repeat(2000)}`, event_types: ["event.updated"] }, 400, URL_MESSAGE],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/", event_types: [] }, 400, "event_types: must name at least one message type"],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/", event_types: ["event.deleted"] }, 400, `event_types.0: each must be one of ${TYPES}`],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/", event_types: ["event.updated", "event.updated"] }, 400, "event_types: must name each type at most once"],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/", event_types: "event.updated" }, 400, `event_types: must be a list of ${TYPES}`],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/", event_types: ["event.updated"], enabled: "yes" }, 400, "enabled: must be true or false"],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/", event_types: ["event.updated"], description: "a\u0007b" }, 400, "description: must not contain control characters"],
    ["POST", "/api/v1/admin/webhooks", { url: "https://hooks.example.org/", event_types: ["event.updated"], secret: "whsec_mine" }, 400, 'Unrecognized key: "secret"'],
    ["PATCH", `/api/v1/admin/webhooks/${endpoint.id}`, {}, 400, "must change at least one field"],
    ["PATCH", `/api/v1/admin/webhooks/${endpoint.id}`, { url: "https://hooks.example.org/ x" }, 400, URL_MESSAGE],
    ["PATCH", `/api/v1/admin/webhooks/${endpoint.id}`, { enabled: null }, 400, "enabled: must be true or false"],
    ["PATCH", "/api/v1/admin/webhooks/whep_0000000000", { enabled: false }, 404, "webhook endpoint not found"],
    ["GET", "/api/v1/admin/webhooks/whep_0000000000", undefined, 404, "webhook endpoint not found"],
    ["GET", "/api/v1/admin/webhooks/%3Cscript%3E", undefined, 404, "webhook endpoint not found"],
    ["DELETE", "/api/v1/admin/webhooks/whep_0000000000", undefined, 404, "webhook endpoint not found"],
    ["POST", "/api/v1/admin/webhooks/whep_0000000000/rotate-secret", undefined, 404, "webhook endpoint not found"],
    ["POST", "/api/v1/admin/webhooks/whep_0000000000/test", undefined, 404, "webhook endpoint not found"],
    ["GET", "/api/v1/admin/webhooks/whep_0000000000/deliveries", undefined, 404, "webhook endpoint not found"],
    ["GET", `/api/v1/admin/webhooks/${endpoint.id}/deliveries?sort=payload`, undefined, 400, "sort: must be one of createdAt, -createdAt"],
    ["GET", `/api/v1/admin/webhooks/${endpoint.id}/deliveries?per=0`, undefined, 400, "per: must be a whole number from 1 to 100"],
    ["GET", `/api/v1/admin/webhooks/${endpoint.id}/deliveries?status=failed`, undefined, 400, 'Unrecognized key: "status"'],
    ["GET", "/api/v1/admin/webhooks?sort=secret_sealed", undefined, 400, "sort: must be one of createdAt, -createdAt, url, -url"],
    // A delivery of another endpoint, or none, is not this endpoint's to send again.
    ["POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/${ping.body.id}/redeliver`, undefined, 404, "webhook delivery not found"],
    ["POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/msg_000000000000000000000000/redeliver`, undefined, 404, "webhook delivery not found"],
    ["POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/%27%20OR%201=1/redeliver`, undefined, 404, "webhook delivery not found"],
    ["POST", `/api/v1/admin/webhooks/whep_0000000000/deliveries/${ping.body.id}/redeliver`, undefined, 404, "webhook endpoint not found"],
  ];
  for (const [method, path, body, status, description] of cases) {
    const answer = await callApi(method, path, staff.token, body === undefined ? {} : { body });
    expect([answer.status, answer.body], `${method} ${path} ${JSON.stringify(body)}`).toEqual([status, { error: status === 404 ? "not_found" : "invalid_request", error_description: description }]);
  }
  const malformed = await callApi("POST", "/api/v1/admin/webhooks", staff.token, { rawBody: '{"url": ' });
  expect(malformed).toMatchObject({ status: 400, body: { error: "invalid_request" } });

  // A disabled endpoint takes no test message and no redelivery until it is enabled again.
  expect((await callApi("PATCH", `/api/v1/admin/webhooks/${other.id}`, staff.token, { body: { enabled: false } })).status).toBe(200);
  const disabledState = await state();
  for (const path of [`/api/v1/admin/webhooks/${other.id}/test`, `/api/v1/admin/webhooks/${other.id}/deliveries/${ping.body.id}/redeliver`]) {
    expect(await callApi("POST", path, staff.token)).toMatchObject({ status: 409, body: { error: "conflict", error_description: "the endpoint is disabled; enable it first" } });
  }
  expect(await state()).toEqual(disabledState);
  expect(disabledState[0]).not.toEqual(before[0]);
  expect(disabledState[1]).toEqual(before[1]);

  // Deleting answers the endpoint as it was and takes its log with it.
  const deleted = await callApi("DELETE", `/api/v1/admin/webhooks/${other.id}`, staff.token);
  expect(deleted).toMatchObject({ status: 200, body: { id: other.id, enabled: false } });
  expect(await sql(`SELECT id FROM webhook_delivery WHERE endpoint_id = $1`, [other.id])).toEqual([]);
  expect((await callApi("GET", `/api/v1/admin/webhooks/${other.id}`, staff.token)).status).toBe(404);
});
