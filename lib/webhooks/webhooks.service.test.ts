import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeEventStatus } from "../calendar/change-event-status.ts";
import { insertCampus, insertEvent } from "../check-in/test-setup.ts";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertMember } from "../db/test-fixtures.ts";
import { deliverPendingMessages } from "../outbox/deliver-messages.ts";
import { registerPeople } from "../registrations/register-people.ts";
import { setRegistrationSettings } from "../registrations/set-registration-settings.ts";
import { checkEndpointUrl } from "./endpoint-url.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import { queuePing } from "./queue-webhook.ts";
import { rotateWebhookSecret } from "./rotate-webhook-secret.ts";
import { PREVIOUS_SECRET_HOURS, WEBHOOK_FAILING_DAYS } from "./schemas.ts";
import { updateWebhook } from "./update-webhook.ts";
import { hasValidSignature, newSigningSecret, webhookHeaders, webhookSignature } from "./sign-webhook.ts";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-columns.ts";

// Webhooks (docs/decisions/0027). The signer against the Standard Webhooks reference library; the operator
// setting that refuses private addresses (off here, as in production: the e2e spec's server allows loopback
// to reach its receiver); the cancellation notices and messages, written once, on a database with every migration.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "false" });

let server: Server;
let received = 0;
let loopbackUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    received += 1;
    request.resume();
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  loopbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the Standard Webhooks signature", () => {
  it("matches the specification's published example", () => {
    // The example of the Standard Webhooks reference libraries' tests.
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    expect(webhookSignature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("is verified by the standardwebhooks package, for a new secret and a body with any characters; a changed body, id or time is not", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    const body = JSON.stringify({ type: "event.updated", timestamp: new Date().toISOString(), data: { event: { title: "Łódź · “Carols” 🎄 <b>&</b>" } } });
    const headers = webhookHeaders(secret, "msg_abcdefghijklmnopqrstuvwx", body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(hasValidSignature(secret, headers["webhook-id"]!, Number(headers["webhook-timestamp"]), body, headers["webhook-signature"]!)).toBe(true);
    expect(() => new Webhook(secret).verify(body.replace("Carols", "carols"), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_other" })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });
});

describe("a rotation's grace", () => {
  it("signs with the current secret and each replaced one, space-separated; any of them verifies, no other does", () => {
    const [current, previous, older] = [newSigningSecret(), newSigningSecret(), newSigningSecret()];
    const body = JSON.stringify({ type: "webhook.ping", timestamp: new Date().toISOString(), data: {} });
    const headers = webhookHeaders(current, "msg_abcdefghijklmnopqrstuvwx", body, new Date(), [previous, older]);
    const signatures = headers["webhook-signature"]!.split(" ");
    expect(signatures).toEqual([current, previous, older].map((secret) => webhookSignature(secret, headers["webhook-id"]!, Number(headers["webhook-timestamp"]), body)));
    for (const secret of [current, previous, older]) expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(webhookHeaders(current, "msg_abcdefghijklmnopqrstuvwx", body)["webhook-signature"]!.split(" ")).toHaveLength(1);
  });

  it("keeps the three newest replaced secrets signing for a day; the endpoint says until when", async () => {
    const id = "whep_rotation01";
    await database.prisma.webhookEndpoint.create({ data: { id, url: "https://hooks.example.org/x", eventTypes: ["event.updated"], secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, newSigningSecret()) }, select: { id: true } });
    const before = Date.now();
    const secrets: string[] = [];
    for (let turn = 0; turn < 5; turn += 1) secrets.push((await database.transaction((tx) => rotateWebhookSecret(tx, id))).secret);
    const kept = await database.prisma.webhookPreviousSecret.findMany({ where: { endpointId: id }, orderBy: { id: "desc" } });
    expect(kept).toHaveLength(3);
    // The newest replaced secret is the one the fourth rotation made.
    expect(await openSecret(WEBHOOK_SECRET_PURPOSE, kept[0]!.secretSealed)).toBe(secrets[3]);
    for (const row of kept) expect(row.expiresAt.getTime() - before).toBeGreaterThanOrEqual(PREVIOUS_SECRET_HOURS * 3600_000 - 1000);
    const endpoint = await getWebhookOrThrow(database, id);
    expect(Date.parse(endpoint.previous_secret_expires_at!)).toBe(Math.max(...kept.map((row) => row.expiresAt.getTime())));
    await database.prisma.webhookPreviousSecret.updateMany({ where: { endpointId: id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await getWebhookOrThrow(database, id)).previous_secret_expires_at).toBeNull();
  });
});

describe("an endpoint's address", () => {
  it("must be https and not private or loopback unless the operator allows them", () => {
    expect(() => checkEndpointUrl("https://hooks.example.org/calendar", false)).not.toThrow();
    for (const url of ["http://hooks.example.org/", "https://127.0.0.1/", "https://10.1.2.3/x", "https://[::1]/", "https://localhost:8443/", "https://169.254.169.254/latest", "https://[::ffff:192.168.0.1]/"]) {
      expect(() => checkEndpointUrl(url, false), url).toThrow(/^invalid_request: url: /);
    }
    expect(() => checkEndpointUrl("http://127.0.0.1:9/", true)).not.toThrow();
  });

  it("is refused when a message is sent to a loopback address with the setting off: nothing reaches it, the log says why", async () => {
    const id = "whep_loopback01";
    await database.prisma.webhookEndpoint.create({ data: { id, url: loopbackUrl, eventTypes: ["event.updated"], secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, newSigningSecret()) }, select: { id: true } });
    const deliveryId = await database.transaction((tx) => queuePing(tx, id));
    await vi.waitFor(async () => expect((await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).attempts).toBe(1));
    const delivery = await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery).toMatchObject({ lastStatus: null, lastError: "a private or loopback address is refused", deliveredAt: null });
    expect(received).toBe(0);
  });
});

describe("an endpoint that keeps failing", () => {
  // The loopback receiver is refused here (the operator setting is off): every attempt fails, as a site that is gone.
  async function endpointFailingSince(id: string, failingSince: Date | null) {
    await database.prisma.webhookEndpoint.create({
      data: { id, url: loopbackUrl, eventTypes: ["event.updated"], secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, newSigningSecret()), failingSince },
      select: { id: true },
    });
  }
  async function failOnce(id: string) {
    const deliveryId = await database.transaction((tx) => queuePing(tx, id));
    await vi.waitFor(async () => expect((await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).attempts).toBe(1));
    return database.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id }, select: { enabled: true, failingSince: true, autoDisabledAt: true } });
  }
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

  it("is failing from its first failed attempt, and a later failure keeps that start", async () => {
    await endpointFailingSince("whep_failing001", null);
    const before = Date.now();
    const first = await failOnce("whep_failing001");
    expect(first.enabled).toBe(true);
    expect(first.autoDisabledAt).toBeNull();
    expect(first.failingSince!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await failOnce("whep_failing001")).failingSince).toEqual(first.failingSince);
  });

  it(`is disabled by a failure once it has failed for ${WEBHOOK_FAILING_DAYS} days, not before; enabling it starts afresh`, async () => {
    await endpointFailingSince("whep_failing004", daysAgo(WEBHOOK_FAILING_DAYS - 1));
    expect(await failOnce("whep_failing004")).toMatchObject({ enabled: true, autoDisabledAt: null });

    await endpointFailingSince("whep_failing006", daysAgo(WEBHOOK_FAILING_DAYS + 1));
    const disabled = await failOnce("whep_failing006");
    expect(disabled.enabled).toBe(false);
    expect(disabled.autoDisabledAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const shown = await getWebhookOrThrow(database, "whep_failing006");
    expect(shown).toMatchObject({ enabled: false, auto_disabled_at: disabled.autoDisabledAt!.toISOString(), failing_since: expect.any(String) });
    // Disabled, it is given nothing: the next message is not sent, and nothing more is counted against it.
    const skipped = await database.transaction((tx) => queuePing(tx, "whep_failing006"));
    await vi.waitFor(async () => expect((await database.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: skipped } })).lastError).toBe("not sent: the endpoint is disabled"));

    const enabled = await database.transaction((tx) => updateWebhook(tx, "whep_failing006", { enabled: true }));
    expect(enabled).toMatchObject({ enabled: true, failing_since: null, auto_disabled_at: null });
    expect(await failOnce("whep_failing006")).toMatchObject({ enabled: true, autoDisabledAt: null });
  });
});

describe("cancelling an event", () => {
  it("tells everyone signed up or waiting once, by email to them or whoever signed them up, and queues event.cancelled; a second cancel tells nobody", async () => {
    const family = await database.prisma.family.create({ data: { name: "The Okafors", codeHash: `h-${crypto.randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
    const mum = await insertMember(database, { givenName: "Ngozi" });
    const amy = await insertMember(database, { givenName: "Amy", email: null, password: false });
    const sol = await insertMember(database, { givenName: "Sol" });
    await database.prisma.familyMember.createMany({ data: [{ familyId: family.id, userId: mum.id, role: "adult" }, { familyId: family.id, userId: amy.id, role: "child" }] });
    const event = await insertEvent(database, { campusId: await insertCampus(database), startAt: new Date(Date.now() + 7 * 86_400_000), capacity: 2, title: "Family camp" });
    await database.query(`UPDATE event SET status = 'SCHEDULED', visibility = 'public' WHERE id = $1`, [event]);
    await setRegistrationSettings(database, event, { open: true, opens_at: null, closes_at: null, waitlist: true });
    await registerPeople(database, mum.id, event, [mum.id, amy.id]);
    await registerPeople(database, sol.id, event, [sol.id]);
    const endpoint = "whep_cancelled1";
    await database.prisma.webhookEndpoint.create({ data: { id: endpoint, url: "https://webhooks.invalid/x", eventTypes: ["event.cancelled"], secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, newSigningSecret()) }, select: { id: true } });

    const notices = () => database.prisma.outboxMessage.findMany({ where: { channel: "email", subject: { startsWith: "Cancelled: Family camp" } }, select: { recipient: true, body: true }, orderBy: { recipient: "asc" } });
    await changeEventStatus(database, event, "cancel");
    const sent = await notices();
    expect(sent.map((message) => message.recipient).sort()).toEqual([mum.email, sol.email].sort());
    expect(sent.find((message) => message.recipient === mum.email)!.body).toContain("You signed yourself and Amy up for it");
    expect(sent.find((message) => message.recipient === sol.email)!.body).toContain("You signed up for it");
    const deliveries = await database.prisma.webhookDelivery.findMany({ where: { endpointId: endpoint }, select: { eventType: true, payload: true } });
    expect(deliveries.map((delivery) => delivery.eventType)).toEqual(["event.cancelled"]);
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({ type: "event.cancelled", data: { event: { eventId: event, status: "CANCELLED" } } });

    // The message's one attempt (the address never resolves) is over before the second cancel.
    await vi.waitFor(async () => expect((await database.prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint } })).attempts).toBe(1), { timeout: 15_000 });
    await changeEventStatus(database, event, "cancel");
    await deliverPendingMessages(database);
    expect(await notices()).toHaveLength(2);
    expect(await database.prisma.webhookDelivery.count({ where: { endpointId: endpoint } })).toBe(1);
  });
});
