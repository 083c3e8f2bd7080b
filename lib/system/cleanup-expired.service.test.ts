import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertCampus, insertEvent } from "../check-in/test-setup.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertClient, insertMember } from "../db/test-fixtures.ts";
import { cleanupExpired, KIOSK_ALERT_DAYS, PICKUP_TAG_DAYS } from "./cleanup-expired.ts";

const database = serviceTestDatabase();

describe("cleanupExpired", () => {
  it("deletes what can never be used again, in batches, and keeps the rest", async () => {
    const now = new Date();
    const code = (expiresAt: Date) =>
      database.prisma.verificationCode.create({ data: { purpose: "email_verification", subject: "jane@example.org", target: "", codeHash: "h", expiresAt } });
    for (let i = 0; i < 3; i += 1) await code(new Date(now.getTime() - 1000));
    const live = await code(new Date(now.getTime() + 60_000));

    const summary = await cleanupExpired(database, { now, batchSize: 2 });
    expect(summary.verificationCodes).toBe(3);
    expect(Object.values(summary).every((count) => typeof count === "number")).toBe(true);
    expect(await database.prisma.verificationCode.findMany({ select: { id: true } })).toEqual([{ id: live.id }]);
    expect((await cleanupExpired(database, { now })).verificationCodes).toBe(0);
  });

  it("prunes a webhook's delivery log past the retention, but not what was tried lately or is still queued", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    // Ids in the shapes the schema checks (whep_ and 10, msg_ and 24 characters), fresh for every run.
    const random = (length: number) => Array.from(randomBytes(length), (byte) => "abcdefghijklmnopqrstuvwxyz0123456789"[byte % 36]).join("");
    const endpointId = `whep_${random(10)}`;
    // The secret is never opened here: nothing is sent.
    await database.prisma.webhookEndpoint.create({ data: { id: endpointId, url: "https://webhooks.invalid/x", eventTypes: ["event.updated"], secretSealed: "sealed" } });
    const ids = new Map<string, string>();
    const delivery = async (label: string, createdAt: Date, lastAttemptAt: Date | null) => {
      const id = `msg_${random(24)}`;
      ids.set(id, label);
      await database.prisma.webhookDelivery.create({ data: { id, endpointId, eventType: "event.updated", payload: "{}", createdAt, lastAttemptAt } });
      return id;
    };
    await delivery("old", daysAgo(45), daysAgo(44));
    await delivery("never tried", daysAgo(40), null);
    await delivery("sent again lately", daysAgo(45), daysAgo(2));
    const queuedAgain = await delivery("queued again", daysAgo(45), daysAgo(44));
    await delivery("recent", daysAgo(1), daysAgo(1));
    await database.prisma.outboxMessage.create({ data: { channel: "webhook", recipient: queuedAgain, body: "" } });

    const summary = await cleanupExpired(database, { now, batchSize: 1 });
    expect(summary.webhookDeliveries).toBe(2);
    const kept = await database.prisma.webhookDelivery.findMany({ where: { endpointId }, select: { id: true } });
    expect(kept.map(({ id }) => ids.get(id)).sort()).toEqual(["queued again", "recent", "sent again lately"]);
    expect((await cleanupExpired(database, { now })).webhookDeliveries).toBe(0);
  });

  it("deletes spent member codes past their expiry, kiosk alerts after 30 days and pickup tags after 2, keeping the check-ins they were printed with", async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    const fresh = () => randomBytes(8).toString("hex");

    const spent = { expired: `jti-${fresh()}`, live: `jti-${fresh()}` };
    await database.prisma.spentMemberCode.createMany({
      data: [
        { jti: spent.expired, expiresAt: new Date(now.getTime() - 1000) },
        { jti: spent.live, expiresAt: new Date(now.getTime() + 60_000) },
      ],
    });

    const campusId = await insertCampus(database);
    const clientId = await insertClient(database, { firstParty: true, name: "Kiosk" });
    const alert = (createdAt: Date) => database.prisma.kioskAlert.create({ data: { clientId, campusId, kind: "unknown_pickup_tag", createdAt }, select: { id: true } });
    const oldAlert = await alert(hoursAgo(KIOSK_ALERT_DAYS * 24 + 1));
    const recentAlert = await alert(hoursAgo(KIOSK_ALERT_DAYS * 24 - 1));

    const tag = (createdAt: Date) => database.prisma.pickupTag.create({ data: { secretHash: `tag-${fresh()}`, createdAt }, select: { id: true } });
    const oldTag = await tag(hoursAgo(PICKUP_TAG_DAYS * 24 + 1));
    const recentTag = await tag(hoursAgo(PICKUP_TAG_DAYS * 24 - 1));
    const eventId = await insertEvent(database, { campusId, startAt: hoursAgo(PICKUP_TAG_DAYS * 24 + 2) });
    const serviceDate = hoursAgo(PICKUP_TAG_DAYS * 24 + 2).toISOString().slice(0, 10);
    const checkIn = async (pickupTagId: string, securityCode: string) => {
      const child = await insertMember(database, { email: null, password: false });
      return database.prisma.checkIn.create({
        data: { eventId, personId: child.id, method: "kiosk", kioskClientId: clientId, securityCode, serviceDate, pickupTagId },
        select: { id: true },
      });
    };
    const printedLongAgo = await checkIn(oldTag.id, "ACDE");
    const printedLately = await checkIn(recentTag.id, "FGHJ");

    const flight = { old: `old-${fresh()}`, recent: `recent-${fresh()}` };
    await database.prisma.refreshFlight.createMany({ data: [{ keyHash: flight.old, startedAt: hoursAgo(2) }, { keyHash: flight.recent, startedAt: new Date(now.getTime() - 60_000) }] });

    const summary = await cleanupExpired(database, { now, batchSize: 1 });
    expect([summary.spentMemberCodes, summary.kioskAlerts, summary.pickupTags, summary.refreshFlights]).toEqual([1, 1, 1, 1]);
    expect(await database.prisma.refreshFlight.findMany({ where: { keyHash: { in: Object.values(flight) } }, select: { keyHash: true } })).toEqual([{ keyHash: flight.recent }]);
    expect(await database.prisma.spentMemberCode.findMany({ where: { jti: { in: Object.values(spent) } }, select: { jti: true } })).toEqual([{ jti: spent.live }]);
    expect(await database.prisma.kioskAlert.findMany({ where: { id: { in: [oldAlert.id, recentAlert.id] } }, select: { id: true } })).toEqual([recentAlert]);
    expect(await database.prisma.pickupTag.findMany({ where: { id: { in: [oldTag.id, recentTag.id] } }, select: { id: true } })).toEqual([recentTag]);
    // The attendance stays: only its link to the deleted tag goes.
    const checkIns = await database.prisma.checkIn.findMany({ where: { id: { in: [printedLongAgo.id, printedLately.id] } }, select: { id: true, pickupTagId: true } });
    expect(Object.fromEntries(checkIns.map((row) => [row.id, row.pickupTagId]))).toEqual({ [printedLongAgo.id]: null, [printedLately.id]: recentTag.id });

    const again = await cleanupExpired(database, { now });
    expect([again.spentMemberCodes, again.kioskAlerts, again.pickupTags, again.refreshFlights]).toEqual([0, 0, 0, 0]);
  });
});
