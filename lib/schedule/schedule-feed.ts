import "server-only";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { liveSecretOf, liveSecretView, replaceLiveSecret, revokeLiveSecret, sealedLiveSecretOf, type LiveSecretKind, type LiveSecretRow } from "../member-secrets/live-secret.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { IssuedScheduleFeedSchema, ScheduleFeedSchema, ScheduleFeedStatusSchema, type IssuedScheduleFeed, type ScheduleFeed } from "./schemas.ts";

/**
 * The private iCalendar feed of a member's schedule (docs/decisions/0025): status, make or replace, revoke,
 * and finding the member a feed URL's token names. The token is 256 random bits (base64url, 43 characters); a
 * fetch is looked up by its SHA-256, and the token is kept sealed with the server's key, so after a recent
 * sign-in the member may see the address again and add it to a second device without breaking the first (as
 * Google Calendar's secret address). One live feed per member, kept so by lib/member-secrets/live-secret.ts.
 */

export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where calendar apps fetch the feed of `token`: `{calendar_url}/mine/{token}.ics` (by default under /api/calendar). */
export function scheduleFeedUrl(calendarUrl: string, token: string): URL {
  return new URL(`${calendarUrl.replace(/\/+$/, "")}/mine/${token}.ics`);
}

const SCHEDULE_FEED = {
  table: "calendar_feed_token",
  hashColumn: "token_hash",
  sealedColumn: "token_sealed",
  noun: "schedule feed",
  issued: "schedule_feed_issued",
  revoked: "schedule_feed_revoked",
  idDetail: "feed_id",
} as const satisfies LiveSecretKind;

/** The secret box's purpose for feed tokens: a sealed token opens under this purpose's key only. */
const FEED_TOKEN_PURPOSE = "schedule-feed-token";

const view = (row: LiveSecretRow): ScheduleFeed => ScheduleFeedSchema.parse(liveSecretView(row));

/** GET /api/v1/users/me/schedule-feed: the live feed, without its URL. */
export async function getScheduleFeed(database: Database, userId: string) {
  const row = await liveSecretOf(database, SCHEDULE_FEED, userId);
  return ScheduleFeedStatusSchema.parse({ feed: row ? view(row) : null });
}

/** POST /api/v1/users/me/schedule-feed: a new feed URL, replacing (revoking) the live one; answered this once. */
export async function issueScheduleFeed(database: Database, userId: string, calendarUrl: string, context: RequestContext, now = new Date()): Promise<IssuedScheduleFeed> {
  const token = randomToken(32);
  const feed = await replaceLiveSecret(database, SCHEDULE_FEED, userId, hashToken(token), context, now, await sealSecret(FEED_TOKEN_PURPOSE, token));
  return issued(feed, calendarUrl, token);
}

function issued(feed: LiveSecretRow, calendarUrl: string, token: string): IssuedScheduleFeed {
  const url = scheduleFeedUrl(calendarUrl, token);
  return IssuedScheduleFeedSchema.parse({ feed: view(feed), url: url.href, webcal_url: `webcal://${url.host}${url.pathname}` });
}

/**
 * POST /api/v1/users/me/schedule-feed/address (recent sign-in): the live feed's address again, opened from its
 * sealed token, and the showing written to the member's security log. `not_found` without a live feed; a feed
 * made before tokens were kept can only be replaced (`conflict`).
 */
export async function showScheduleFeed(database: Database, userId: string, calendarUrl: string, context: RequestContext): Promise<IssuedScheduleFeed> {
  const row = await sealedLiveSecretOf(database, SCHEDULE_FEED, userId);
  if (!row) throw notFound(SCHEDULE_FEED.noun);
  if (!row.sealed) throw new IdentityError("conflict", "this feed's address was made before it could be shown again: make a new one");
  const token = await openSecret(FEED_TOKEN_PURPOSE, row.sealed);
  await recordSecurityEvent(database, { userId, type: "schedule_feed_shown", context, detail: { feed_id: row.id } });
  return issued(row, calendarUrl, token);
}

/** DELETE /api/v1/users/me/schedule-feed: the feed answers 404 from now on; `not_found` without a live one. */
export async function revokeScheduleFeed(database: Database, userId: string, context: RequestContext, now = new Date()) {
  await revokeLiveSecret(database, SCHEDULE_FEED, userId, context, now);
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
