import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { changeEventStatus } from "../calendar/change-event-status.ts";
import { insertEvent } from "../check-in/test-setup.ts";
import { sealSecret } from "../crypto/secret-box.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { deleteWebhook } from "./delete-webhook.ts";
import { newSigningSecret } from "./sign-webhook.ts";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-columns.ts";

// A calendar change queues a message to every subscribed endpoint in its own transaction
// (lib/webhooks/queue-webhook.ts). An endpoint deleted by staff at the same moment must not fail the change:
// the hostile-input proof once saw `POST /api/v1/admin/events/{id}/publish` answer 500 with P2003, the
// delivery row's foreign key to an endpoint deleted between the endpoints' read and the delivery's insert.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "false" });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once some connection to this database waits for a lock (PostgreSQL only). */
async function someoneWaitsForALock(): Promise<void> {
  for (let tries = 0; tries < 400; tries += 1) {
    const [row] = await database.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((row?.waiting ?? 0) > 0) return;
    await sleep(25);
  }
  throw new Error("no connection ever waited for a lock");
}

async function subscribedEndpoint(): Promise<string> {
  const id = `whep_${randomBytes(5).toString("hex")}`;
  await database.prisma.webhookEndpoint.create({
    data: { id, url: "https://webhooks.invalid/x", eventTypes: ["event.updated"], secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, newSigningSecret()) },
    select: { id: true },
  });
  return id;
}

async function draftEvent(): Promise<string> {
  const id = await insertEvent(database, { campusId: null, startAt: new Date(Date.now() + 7 * 86_400_000), title: "Harvest supper" });
  await database.query(`UPDATE event SET status = 'DRAFT' WHERE id = $1`, [id]);
  return id;
}

describe("an endpoint deleted while a calendar change is queued for it", () => {
  it("leaves the change whole: the endpoint is left out, the event is published, no delivery names the endpoint", async () => {
    const endpoint = await subscribedEndpoint();
    const event = await draftEvent();

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
        await someoneWaitsForALock();
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

  // Two transactions at once: PostgreSQL only (the embedded database runs one at a time).
  it.runIf(process.env.SERVICE_TEST_DATABASE_URL)("a deletion that comes after the change read its endpoints waits for the change, then takes the new delivery with it", async () => {
    const endpoint = await subscribedEndpoint();
    const event = await draftEvent();

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
      await someoneWaitsForALock();
    } finally {
      release();
    }
    expect((await publishing).status).toBe("SCHEDULED");
    await deleting;
    expect(await database.prisma.webhookEndpoint.count({ where: { id: endpoint } })).toBe(0);
    expect(await database.prisma.webhookDelivery.count({ where: { endpointId: endpoint } })).toBe(0);
  }, 60_000);
});
