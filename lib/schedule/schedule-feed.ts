import "server-only";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { IssuedScheduleFeedSchema, ScheduleFeedSchema, ScheduleFeedStatusSchema, type IssuedScheduleFeed, type ScheduleFeed } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

/**
 * The private iCalendar feed of a member's schedule (docs/decisions/0025): status, make or replace, revoke,
 * and finding the member a feed URL's token names. The token is 256 random bits (base64url, 43 characters);
 * only its SHA-256 is kept, so the URL is answered once, when it is made. One live feed per member: a new one
 * revokes the old in the same transaction, under the member's row lock (and a partial unique index keeps it so).
 */

export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where calendar apps fetch the feed of `token`: `{calendar_url}/mine/{token}.ics` (by default under /api/calendar). */
export function scheduleFeedUrl(calendarUrl: string, token: string): URL {
  return new URL(`${calendarUrl.replace(/\/+$/, "")}/mine/${token}.ics`);
}

interface FeedRow {
  id: string;
  created_at: Date;
  last_used_at: Date | null;
}

const view = (row: FeedRow): ScheduleFeed =>
  ScheduleFeedSchema.parse({ id: row.id, created_at: new Date(row.created_at).toISOString(), last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null });

/** GET /api/v1/users/me/schedule-feed: the live feed, without its URL. */
export async function getScheduleFeed(database: Database, userId: string) {
  const [row] = await database.query<FeedRow>(`SELECT id::text AS id, created_at, last_used_at FROM calendar_feed_token WHERE user_id = $1::uuid AND revoked_at IS NULL`, [userId]);
  return ScheduleFeedStatusSchema.parse({ feed: row ? view(row) : null });
}

/** POST /api/v1/users/me/schedule-feed: a new feed URL, replacing (revoking) the live one; answered this once. */
export async function issueScheduleFeed(database: Database, userId: string, calendarUrl: string, context: RequestContext, now = new Date()): Promise<IssuedScheduleFeed> {
  const token = randomToken(32);
  const feed = await database.transaction(async (tx) => {
    // Two at once for one member (two tabs, a double tap) take turns on the member's row: the second then
    // revokes the first's new feed instead of both inserting a live one (the hostile-input proof's 500).
    await lockAccount(tx, userId);
    const revoked = await tx.query<{ id: string }>(`UPDATE calendar_feed_token SET revoked_at = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL RETURNING id::text AS id`, [userId, now]);
    const [created] = await tx.query<FeedRow>(
      `INSERT INTO calendar_feed_token (user_id, token_hash, created_at) VALUES ($1::uuid, $2, $3) RETURNING id::text AS id, created_at, last_used_at`,
      [userId, hashToken(token), now],
    );
    await recordSecurityEvent(tx, { userId, type: "schedule_feed_issued", context, detail: { feed_id: created!.id, replaced: revoked.length > 0 } });
    return created!;
  });
  const url = scheduleFeedUrl(calendarUrl, token);
  return IssuedScheduleFeedSchema.parse({ feed: view(feed), url: url.href, webcal_url: `webcal://${url.host}${url.pathname}` });
}

/** DELETE /api/v1/users/me/schedule-feed: the feed answers 404 from now on; `not_found` without a live one. */
export async function revokeScheduleFeed(database: Database, userId: string, context: RequestContext, now = new Date()) {
  await database.transaction(async (tx) => {
    const [revoked] = await tx.query<{ id: string }>(`UPDATE calendar_feed_token SET revoked_at = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL RETURNING id::text AS id`, [userId, now]);
    if (!revoked) throw notFound("schedule feed");
    await recordSecurityEvent(tx, { userId, type: "schedule_feed_revoked", context, detail: { feed_id: revoked.id } });
  });
  return ScheduleFeedStatusSchema.parse({ feed: null });
}

/**
 * The member a feed URL's token names, or null when it is malformed, unknown, revoked or its member
 * disabled. A lookup by the hash of a 256-bit secret: nothing to time. Notes the fetch.
 */
export async function resolveScheduleFeed(database: Database, token: string, now = new Date()): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const [row] = await database.query<{ user_id: string }>(
    `UPDATE calendar_feed_token f SET last_used_at = $2 FROM account a
      WHERE f.token_hash = $1 AND f.revoked_at IS NULL AND a.id = f.user_id AND a.disabled_at IS NULL
      RETURNING f.user_id::text AS user_id`,
    [hashToken(token), now],
  );
  return row?.user_id ?? null;
}
