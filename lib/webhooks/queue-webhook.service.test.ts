import { describe, expect, it } from "vitest";
import { changeEventStatus } from "../calendar/change-event-status.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { deleteWebhook } from "./delete-webhook.ts";
import { draftEvent, someoneWaitsForALock, subscribedEndpoint } from "./queue-webhook-test-setup.ts";

// A calendar change queues a message to every subscribed endpoint in its own transaction
// (lib/webhooks/queue-webhook.ts). An endpoint deleted by staff at the same moment must not fail the change:
// the hostile-input proof once saw `POST /api/v1/admin/events/{id}/publish` answer 500 with P2003, the
// delivery row's foreign key to an endpoint deleted between the endpoints' read and the delivery's insert.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "false" });

describe("an endpoint deleted while a calendar change is queued for it", () => {
  it("leaves the change whole: the endpoint is left out, the event is published, no delivery names the endpoint", async () => {
    const endpoint = await subscribedEndpoint(database);
    const event = await draftEvent(database);

    if (database.kind === "postgres") {
      // The interleaving of the 500, forced: the deletion runs first and keeps its transaction open (the
      // endpoint's row deleted, not yet committed) until the publish waits on that row; then it commits. The
      // publish read the endpoint before the commit, and its delivery insert checked the foreign key after it.
      let deleted!: () => void;
      const deletedYet = new Promise<void>((resolve) => (deleted = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const deleting = database.transaction(
        async (tx) => {
          await deleteWebhook(tx, endpoint);
          deleted();
          await released;
        },
        { timeout: 30_000 },
      );
      await deletedYet;
      const publishing = changeEventStatus(database, event, "publish");
      // Kept from rejecting unobserved while the test waits: its outcome is asserted below.
      publishing.catch(() => undefined);
      try {
        await someoneWaitsForALock(database);
      } finally {
        release();
      }
      await deleting;
      expect((await publishing).status).toBe("SCHEDULED");
    } else {
      // The embedded database runs one transaction at a time: the two can only follow each other.
      await database.transaction((tx) => deleteWebhook(tx, endpoint));
      expect((await changeEventStatus(database, event, "publish")).status).toBe("SCHEDULED");
    }

    expect(await database.prisma.webhookEndpoint.count({ where: { id: endpoint } })).toBe(0);
    expect(await database.prisma.webhookDelivery.count({ where: { endpointId: endpoint } })).toBe(0);
    expect((await database.prisma.event.findUniqueOrThrow({ where: { id: event }, select: { status: true } })).status).toBe("SCHEDULED");
  }, 60_000);
});
