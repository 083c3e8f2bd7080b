import { describe, expect, it, vi } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { enqueueMessage, enqueueSelectedMessages, enqueueWebhookMessages } from "./enqueue-message.ts";

// The outbox's one writer (docs/decisions/0033) on a database with every migration: a message exists exactly
// when the transaction that wrote it commits, and the write itself starts its delivery after that commit.
const database = serviceTestDatabase();

const attemptsOf = async (id: string) => (await database.prisma.outboxMessage.findUnique({ where: { id }, select: { attempts: true } }))?.attempts;

describe("writing to the outbox", () => {
  it("leaves no message when the transaction that wrote it rolls back", async () => {
    const recipient = `rollback-${crypto.randomUUID()}@example.org`;
    await expect(
      database.transaction(async (tx) => {
        await enqueueMessage(tx, { channel: "email", recipient, subject: "Your code", body: "123456" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.prisma.outboxMessage.count({ where: { recipient } })).toBe(0);
  });

  it("starts the delivery itself, once the transaction has committed", async () => {
    let id = "";
    await database.transaction(async (tx) => {
      id = (await enqueueWebhookMessages(tx, [`msg_${crypto.randomUUID()}`]))[0]!;
      expect(await tx.prisma.outboxMessage.findUnique({ where: { id }, select: { attempts: true } })).toEqual({ attempts: 0 });
    });
    // The delivery names a webhook_delivery row that does not exist: the attempt is counted and fails.
    await vi.waitFor(async () => expect(await attemptsOf(id)).toBe(1), { timeout: 10_000, interval: 50 });
  });

  it("writes one message per row a query selects, in one statement", async () => {
    // Email: without an SMTP server configured here, nothing is sent (no outbound call from a test).
    const recipients = [`first-${crypto.randomUUID()}@example.org`, `second-${crypto.randomUUID()}@example.org`];
    const ids = await database.transaction((tx) =>
      enqueueSelectedMessages(tx, "email", `SELECT recipient, 'body of ' || recipient AS body FROM unnest($1::text[]) AS recipient`, [recipients]),
    );
    expect(ids).toHaveLength(2);
    const rows = await database.prisma.outboxMessage.findMany({ where: { id: { in: ids } }, select: { channel: true, recipient: true, body: true } });
    expect(rows.map((row) => row.recipient).sort()).toEqual([...recipients].sort());
    expect(rows.every((row) => row.channel === "email" && row.body === `body of ${row.recipient}`)).toBe(true);
  });
});
