import "server-only";
import type { Database } from "../../db/database.ts";
import { LIVE_SESSION_SQL } from "../../sessions/live-session-sql.ts";
import { SLOW_DOWN_STEP_SECONDS } from "./device-policy.ts";

/** A device request as one poll found it (before the poll changed it), and its session when approved. */
export interface DevicePoll {
  client_id: string;
  status: "pending" | "approved" | "denied" | "used";
  expired: boolean;
  too_soon: boolean;
  interval: number;
  scope: string;
  user_id: string | null;
  session_id: string | null;
  session_live: boolean;
  auth_time: Date | null;
  amr: string[] | null;
}

/**
 * One statement for every poll in the batch, whichever instance answers it: the rows are locked (in one
 * order, so two instances' batches cannot deadlock), their state read as it was, and in the same statement
 * each poll is recorded, the interval lengthened when the device came too soon (RFC 8628 3.5), and an
 * approved request taken by its own client, so two polls racing for the tokens get them once.
 *   $1 device code hashes, $2 the polling clients' ids (pairwise), $3 slow_down step
 */
const POLL_SQL = `
WITH asked AS (
  SELECT * FROM unnest($1::text[], $2::text[]) AS a(device_code_hash, polling_client_id)
), current AS (
  SELECT d.device_code_hash, d.client_id, a.polling_client_id, d.status, d.expires_at <= now() AS expired,
         d.last_polled_at IS NOT NULL AND d.last_polled_at > now() - make_interval(secs => d.poll_interval_seconds) AS too_soon,
         d.poll_interval_seconds AS interval, d.scope, d.user_id, d.session_id
    FROM device_authorization d JOIN asked a ON a.device_code_hash = d.device_code_hash
   ORDER BY d.device_code_hash
     FOR UPDATE OF d
), polled AS (
  UPDATE device_authorization d
     SET last_polled_at = now(),
         poll_interval_seconds = d.poll_interval_seconds + CASE WHEN c.status = 'pending' AND c.too_soon THEN $3::int ELSE 0 END,
         status = CASE WHEN c.status = 'approved' AND NOT c.expired THEN 'used' ELSE d.status END
    FROM current c
   WHERE d.device_code_hash = c.device_code_hash AND c.client_id = c.polling_client_id
)
SELECT c.device_code_hash, c.client_id, c.status, c.expired, c.too_soon, c.interval, c.scope, c.user_id, c.session_id,
       s.auth_time, s.amr, coalesce(${LIVE_SESSION_SQL}, false) AS session_live
  FROM current c LEFT JOIN session s ON s.id = c.session_id`;

interface Waiting {
  hash: string;
  clientId: string;
  resolve(poll: DevicePoll | undefined): void;
  reject(error: unknown): void;
}

/** Polls waiting for the next statement, per database handle. */
const batches = new Map<Database, Waiting[]>();

async function run(database: Database, batch: Waiting[]): Promise<void> {
  try {
    const rows = await database.query<DevicePoll & { device_code_hash: string }>(POLL_SQL, [batch.map((poll) => poll.hash), batch.map((poll) => poll.clientId), SLOW_DOWN_STEP_SECONDS]);
    const byHash = new Map(rows.map((row) => [row.device_code_hash, row]));
    for (const poll of batch) poll.resolve(byHash.get(poll.hash));
  } catch (error) {
    for (const poll of batch) poll.reject(error);
  }
}

function flush(database: Database): void {
  const waiting = batches.get(database) ?? [];
  batches.delete(database);
  // A device polling twice in one batch would read one state twice (and could be handed its tokens twice):
  // its second poll goes in a statement of its own, after the first.
  const first: Waiting[] = [];
  const again: Waiting[] = [];
  const seen = new Set<string>();
  for (const poll of waiting) {
    (seen.has(poll.hash) ? again : first).push(poll);
    seen.add(poll.hash);
  }
  void run(database, first).then(() => {
    for (const poll of again) void pollDeviceCode(database, poll.hash, poll.clientId).then(poll.resolve, poll.reject);
  });
}

/**
 * Records one poll of a device code (by its hash) by a client and answers the request as it was, or
 * undefined for an unknown code. Polls arriving in the same turn of the event loop share one statement: a
 * lobby's kiosks polling at once cost one round trip, not one each (decision 0008); the database stays the
 * only place their state lives.
 */
export function pollDeviceCode(database: Database, hash: string, clientId: string): Promise<DevicePoll | undefined> {
  return new Promise((resolve, reject) => {
    let waiting = batches.get(database);
    if (!waiting) {
      waiting = [];
      batches.set(database, waiting);
      setImmediate(() => flush(database));
    }
    waiting.push({ hash, clientId, resolve, reject });
  });
}
