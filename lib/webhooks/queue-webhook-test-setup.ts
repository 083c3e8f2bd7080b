import { randomBytes } from "node:crypto";
import { insertEvent } from "../check-in/test-setup.ts";
import { sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { newSigningSecret } from "./sign-webhook.ts";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-columns.ts";

/** Rows and waits the webhook queue's service tests share (on PGlite and on PostgreSQL). Not imported by the app. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once some connection to this database waits for a lock (PostgreSQL only). */
export async function someoneWaitsForALock(database: Database): Promise<void> {
  for (let tries = 0; tries < 400; tries += 1) {
    const [row] = await database.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((row?.waiting ?? 0) > 0) return;
    await sleep(25);
  }
  throw new Error("no connection ever waited for a lock");
}

/** An endpoint subscribed to event updates. */
export async function subscribedEndpoint(database: Database): Promise<string> {
  const id = `whep_${randomBytes(5).toString("hex")}`;
  await database.prisma.webhookEndpoint.create({
    data: { id, url: "https://webhooks.invalid/x", eventTypes: ["event.updated"], secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, newSigningSecret()) },
    select: { id: true },
  });
  return id;
}

/** An event a week from now, still a draft: publishing it is a calendar change that queues a webhook. */
export async function draftEvent(database: Database): Promise<string> {
  const id = await insertEvent(database, { campusId: null, startAt: new Date(Date.now() + 7 * 86_400_000), title: "Harvest supper" });
  await database.query(`UPDATE event SET status = 'DRAFT' WHERE id = $1`, [id]);
  return id;
}
