import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { CONSENT_STATUS } from "./schemas.ts";

export interface GrantedConsent {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  status: "granted";
  grantedAt: Date;
  /** True when this call created the record (the API answers 201), false when it merged into one (200). */
  created: boolean;
  /** True when the record existed but had been revoked: granted_at starts again. */
  regranted: boolean;
}

/**
 * One statement, atomic under concurrency (the unique (user_id, client_id) row is locked by ON CONFLICT);
 * raw, an upsert with conditions (docs/decisions/0019, reason 2):
 * - no record: create it, granted now;
 * - granted: add the new scopes to the ones already allowed (order kept, no duplicates), granted_at kept;
 * - revoked: a fresh grant of exactly the new scopes (what was revoked stays revoked), granted_at = now.
 */
const GRANT_SQL = `
INSERT INTO consent AS c (user_id, client_id, scopes, status, granted_at, revoked_at, updated_at)
VALUES ($1::uuid, $2, $3::text[], 'granted', $4::timestamptz, NULL, $4::timestamptz)
ON CONFLICT (user_id, client_id) DO UPDATE SET
  scopes = CASE WHEN c.status = 'granted'
                THEN ARRAY(SELECT s FROM unnest(c.scopes || EXCLUDED.scopes) WITH ORDINALITY AS t(s, n) GROUP BY s ORDER BY min(n))
                ELSE EXCLUDED.scopes END,
  granted_at = CASE WHEN c.status = 'granted' THEN c.granted_at ELSE EXCLUDED.granted_at END,
  status = 'granted',
  revoked_at = NULL,
  updated_at = EXCLUDED.updated_at
RETURNING id::text, scopes, granted_at, (xmax = 0) AS created,
          (granted_at = $4::timestamptz AND xmax <> 0) AS regranted`;

/** Records that a member allows a client these scopes, and logs `consent_granted` in the same transaction. */
export async function grantConsent(
  database: Database,
  input: { userId: string; clientId: string; scopes: readonly string[]; context: RequestContext },
  now = new Date(),
): Promise<GrantedConsent> {
  const scopes = [...new Set(input.scopes)];
  const row = await database.transaction(async (tx) => {
    const [upserted] = await tx.query<{ id: string; scopes: string[]; granted_at: Date; created: boolean; regranted: boolean }>(GRANT_SQL, [
      input.userId,
      input.clientId,
      scopes,
      now,
    ]);
    if (!upserted) throw new Error("consent upsert returned no row");
    await recordSecurityEvent(tx, {
      userId: input.userId,
      type: "consent_granted",
      context: input.context,
      detail: { client_id: input.clientId, scopes },
    });
    return upserted;
  });
  return {
    id: row.id,
    userId: input.userId,
    clientId: input.clientId,
    scopes: row.scopes,
    status: CONSENT_STATUS.granted,
    grantedAt: new Date(row.granted_at),
    created: row.created,
    regranted: row.regranted,
  };
}
