import { describe, expect, it } from "vitest";
import { changeEventStatus } from "../calendar/change-event-status.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { deleteWebhook } from "./delete-webhook.ts";
import { draftEvent, someoneWaitsForALock, subscribedEndpoint } from "./queue-webhook-test-setup.ts";

// Two transactions at once, so PostgreSQL only (`*.postgres.service.test.ts`: the embedded database runs one
// transaction at a time). The other half of these rules is in queue-webhook.service.test.ts.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "false" });

describe("an endpoint deleted while a calendar change is queued for it", () => {
  it("a deletion that comes after the change read its endpoints waits for the change, then takes the new delivery with it", async () => {
    const endpoint = await subscribedEndpoint(database);
    const event = await draftEvent(database);

    let queued!: () => void;
    const queuedYet = new Promise<void>((resolve) => (queued = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The publish's transaction (joined by changeEventStatus's own) stays open after queuing its message.
    const publishing = database.transaction(
      async (tx) => {
        const published = await changeEventStatus(tx, event, "publish");
        queued();
        await released;
        return published;
      },
      { timeout: 30_000 },
    );
    await queuedYet;
    const deleting = database.transaction((tx) => deleteWebhook(tx, endpoint), { timeout: 30_000 });
    deleting.catch(() => undefined);
    try {
      await someoneWaitsForALock(database);
    } finally {
      release();
    }
    expect((await publishing).status).toBe("SCHEDULED");
    await deleting;
    expect(await database.prisma.webhookEndpoint.count({ where: { id: endpoint } })).toBe(0);
    expect(await database.prisma.webhookDelivery.count({ where: { endpointId: endpoint } })).toBe(0);
  }, 60_000);
});
