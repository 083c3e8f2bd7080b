import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { keyedHash } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { logLine } from "../log/json-log.ts";

/**
 * The one owner of spending a rotating refresh token (the portal's and each kiosk's). Our issuer rotates the
 * refresh token on every use and treats a second use of the old one as theft: it revokes the whole grant and
 * the member's session. So one token must be spent once, even when several requests of one browser or
 * tablet find the access token stale at once, on one instance or on several behind a load balancer:
 *
 * - the first caller inserts the token's row in `refresh_flight` (by a keyed hash, never the token) and
 *   spends it; every other caller, on any instance, finds the row and waits for its outcome;
 * - the outcome is kept, sealed (it holds the new tokens), for REMEMBER_SECONDS after the spend started, so a
 *   request that was already in flight with the old cookie, and arrives after the new cookie was written,
 *   gets the same new tokens instead of spending the old token again. Past that, the token counts as new:
 *   spending it again is the reuse the issuer refuses, as it should.
 *
 * `spend` never throws: every failure is an outcome, shared like a success. A waiter whose spender never
 * settles within `waitMs` (its process stopped mid-refresh) gets `undefined`: the token may be spent, so the
 * caller signs in again. The scheduled clean-up deletes old rows (lib/system/cleanup-expired.ts).
 */
export const REMEMBER_SECONDS = 120;
const POLL_MS = 50;

export async function spendRefreshTokenOnce<Outcome>(
  database: Database,
  purpose: "portal" | "kiosk",
  refreshToken: string,
  spend: () => Promise<Outcome>,
  waitMs: number,
): Promise<Outcome | undefined> {
  const keyPurpose = `refresh-flight:${purpose}`;
  const key = keyedHash(keyPurpose, refreshToken);
  // Raw: claim the token or find its claim in one statement; a claim older than REMEMBER_SECONDS is taken over.
  const [mine] = await database.query<{ key_hash: string }>(
    `INSERT INTO refresh_flight (key_hash, started_at) VALUES ($1, now())
     ON CONFLICT (key_hash) DO UPDATE SET started_at = now(), outcome_sealed = NULL, settled_at = NULL
      WHERE refresh_flight.started_at < now() - make_interval(secs => $2)
     RETURNING key_hash`,
    [key, REMEMBER_SECONDS],
  );
  if (mine) {
    const outcome = await spend();
    try {
      await database.query(`UPDATE refresh_flight SET outcome_sealed = $2, settled_at = now() WHERE key_hash = $1`, [key, await sealSecret(keyPurpose, JSON.stringify(outcome))]);
    } catch (error) {
      // The spender still has its outcome; the waiters, if any, time out and sign in again.
      logLine("error", "refresh_outcome_not_shared", { purpose, error: error instanceof Error ? error.message : String(error) });
    }
    return outcome;
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await database.query<{ outcome_sealed: string | null }>(`SELECT outcome_sealed FROM refresh_flight WHERE key_hash = $1`, [key]);
    if (row?.outcome_sealed) return JSON.parse(await openSecret(keyPurpose, row.outcome_sealed)) as Outcome;
    if (!row || Date.now() >= deadline) return undefined;
    await sleep(POLL_MS);
  }
}
