import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { cleanupExpired } from "./cleanup-expired.ts";

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
});
