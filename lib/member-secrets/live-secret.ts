import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent, type SecurityEventType } from "../security-log/record-security-event.ts";
import { lockAccount } from "../users/account-lock.ts";

/**
 * The one owner of "one live secret per member": a household card (lib/check-in/check-in-card.ts) and a
 * private calendar feed (lib/schedule/schedule-feed.ts) are each a secret a member holds at most one of. Only
 * its hash is looked up (a kind may also keep it sealed, to show it again); making a new one revokes the live one in the same transaction, under the member's row
 * lock (two at once for one member take turns instead of both inserting a live one), and a partial unique
 * index on the table keeps it so. Each step goes to the member's security log.
 */
export interface LiveSecretKind {
  /** The table: one row per secret ever made, `revoked_at` null on the live one. */
  table: "check_in_card" | "calendar_feed_token";
  hashColumn: "secret_hash" | "token_hash";
  /** Where the secret is kept sealed with the server's key, for a kind its member may see again. */
  sealedColumn?: "token_sealed";
  /** What a member calls it, for `not_found`. */
  noun: string;
  issued: SecurityEventType;
  revoked: SecurityEventType;
  /** The security log's name for the secret's id. */
  idDetail: "card_id" | "feed_id";
}

export interface LiveSecretRow {
  id: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** A secret's public face: when it was made and last used, never the secret. */
export function liveSecretView(row: LiveSecretRow): { id: string; created_at: string; last_used_at: string | null } {
  return { id: row.id, created_at: new Date(row.created_at).toISOString(), last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null };
}

/** The member's live secret of this kind, or undefined. */
export async function liveSecretOf(database: Database, kind: LiveSecretKind, userId: string): Promise<LiveSecretRow | undefined> {
  const [row] = await database.query<LiveSecretRow>(`SELECT id::text AS id, created_at, last_used_at FROM ${kind.table} WHERE user_id = $1::uuid AND revoked_at IS NULL`, [userId]);
  return row;
}

/**
 * Keeps the hash of a new secret (and, for a kind that keeps it, the secret `sealed`) as the member's live
 * one, revoking the one it replaces; answers the new row.
 */
export async function replaceLiveSecret(
  database: Database,
  kind: LiveSecretKind,
  userId: string,
  secretHash: string,
  context: RequestContext,
  now = new Date(),
  sealed?: string,
): Promise<LiveSecretRow> {
  if ((sealed === undefined) !== (kind.sealedColumn === undefined)) throw new Error(`a ${kind.noun} is kept sealed exactly when its kind has a column for it`);
  return database.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const revoked = await tx.query<{ id: string }>(`UPDATE ${kind.table} SET revoked_at = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL RETURNING id::text AS id`, [userId, now]);
    const sealedColumn = kind.sealedColumn ? `, ${kind.sealedColumn}` : "";
    const [created] = await tx.query<LiveSecretRow>(
      `INSERT INTO ${kind.table} (user_id, ${kind.hashColumn}, created_at${sealedColumn}) VALUES ($1::uuid, $2, $3${kind.sealedColumn ? ", $4" : ""})
       RETURNING id::text AS id, created_at, last_used_at`,
      kind.sealedColumn ? [userId, secretHash, now, sealed] : [userId, secretHash, now],
    );
    await recordSecurityEvent(tx, { userId, type: kind.issued, context, detail: { [kind.idDetail]: created!.id, replaced: revoked.length > 0 } });
    return created!;
  });
}

/**
 * The member's live secret of a kind that keeps it sealed, with the sealed secret (null for one made before
 * it was kept); undefined without a live one.
 */
export async function sealedLiveSecretOf(
  database: Database,
  kind: LiveSecretKind & { sealedColumn: string },
  userId: string,
): Promise<(LiveSecretRow & { sealed: string | null }) | undefined> {
  const [row] = await database.query<LiveSecretRow & { sealed: string | null }>(
    `SELECT id::text AS id, created_at, last_used_at, ${kind.sealedColumn} AS sealed FROM ${kind.table} WHERE user_id = $1::uuid AND revoked_at IS NULL`,
    [userId],
  );
  return row;
}

/** Revokes the member's live secret of this kind: it stops working at once. `not_found` without one. */
export async function revokeLiveSecret(database: Database, kind: LiveSecretKind, userId: string, context: RequestContext, now = new Date()): Promise<void> {
  await database.transaction(async (tx) => {
    const [revoked] = await tx.query<{ id: string }>(`UPDATE ${kind.table} SET revoked_at = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL RETURNING id::text AS id`, [userId, now]);
    if (!revoked) throw notFound(kind.noun);
    await recordSecurityEvent(tx, { userId, type: kind.revoked, context, detail: { [kind.idDetail]: revoked.id } });
  });
}
