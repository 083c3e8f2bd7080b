import "server-only";
import type { Database } from "../../db/database.ts";
import { queueBackchannelLogouts } from "../backchannel-logout/queue-backchannel-logouts.ts";

/**
 * The one place a grant (a refresh-token family) is revoked. Every path that ends an app's access comes
 * here: token revocation, a replayed code or refresh token, signing out, ending a session, revoking a
 * consent, disabling a client or an account, resetting a password. A revoked grant's refresh tokens die, and
 * its access tokens stop working on our own routes at once (the bearer guard checks the grant and the
 * session: lib/oauth/token-liveness.ts). Each target is one statement, so a session and its grants end
 * together or not at all. Whenever sessions end here, the clients with a grant in them are told by
 * back-channel logout (lib/oauth/backchannel-logout), queued in the same transaction.
 */

/** Why a grant was revoked, kept on the row for the security log, the data export and support. */
export const GRANT_REVOCATION_REASONS = [
  "logout",
  "refresh_token_reuse",
  "code_replay",
  "revocation",
  "consent_revoked",
  "session_revoked",
  "client_disabled",
  "account_disabled",
] as const;
export type GrantRevocationReason = (typeof GRANT_REVOCATION_REASONS)[number];

export type GrantsToRevoke =
  /** One grant (RFC 7009 revocation of its refresh token; a replayed authorization code). */
  | { grant: string }
  /** A grant, its session and that session's other grants (refresh-token reuse: RFC 9700 4.14.2). */
  | { grantAndItsSession: string }
  /** One session and its grants; with `member`, only if it is that member's and still live. */
  | { session: string; member?: string }
  /** Every live session of a member and their grants, but `except` (the one they are using). */
  | { sessionsOf: string; except: string | null }
  /** What a member granted one client: the grants behind a consent. */
  | { memberOfClient: { userId: string; clientId: string } }
  /** Everything issued to a client. */
  | { client: string }
  /** A whole account: every session and every grant. */
  | { account: string };

export interface RevokedGrants {
  /** The sessions this revocation ended (for the targets that end sessions). */
  endedSessions: { id: string; revokedAt: Date }[];
}

export async function revokeGrants(database: Database, target: GrantsToRevoke, reason: GrantRevocationReason): Promise<RevokedGrants> {
  const revoked = await revoke(database, target, reason);
  const member = "account" in target ? target.account : undefined;
  await queueBackchannelLogouts(database, { sessions: revoked.endedSessions.map((session) => session.id), member });
  return revoked;
}

async function revoke(database: Database, target: GrantsToRevoke, reason: GrantRevocationReason): Promise<RevokedGrants> {
  if ("grant" in target) {
    await database.query(`UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $2 WHERE id = $1::uuid AND revoked_at IS NULL`, [target.grant, reason]);
    return { endedSessions: [] };
  }
  if ("grantAndItsSession" in target) {
    const ended = await database.query<EndedSession>(
      `WITH target AS (
         UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $2
          WHERE id = $1::uuid AND revoked_at IS NULL
          RETURNING session_id
       ), siblings AS (
         UPDATE oauth_grant SET revoked_at = now(), revoked_reason = 'session_revoked'
          WHERE session_id = (SELECT session_id FROM oauth_grant WHERE id = $1::uuid) AND id <> $1::uuid AND revoked_at IS NULL
       )
       UPDATE session SET revoked_at = now()::timestamptz(3)
        WHERE id = (SELECT session_id FROM oauth_grant WHERE id = $1::uuid) AND revoked_at IS NULL
        RETURNING id::text, revoked_at`,
      [target.grantAndItsSession, reason],
    );
    return { endedSessions: ended.map(endedSession) };
  }
  if ("memberOfClient" in target) {
    await database.query(
      `UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $3 WHERE user_id = $1::uuid AND client_id = $2 AND revoked_at IS NULL`,
      [target.memberOfClient.userId, target.memberOfClient.clientId, reason],
    );
    return { endedSessions: [] };
  }
  if ("client" in target) {
    await database.query(`UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $2 WHERE client_id = $1 AND revoked_at IS NULL`, [target.client, reason]);
    return { endedSessions: [] };
  }
  if ("account" in target) {
    const ended = await database.query<EndedSession>(
      `WITH grants AS (
         UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL
       )
       UPDATE session SET revoked_at = now()::timestamptz(3) WHERE user_id = $1::uuid AND revoked_at IS NULL
       RETURNING id::text, revoked_at`,
      [target.account, reason],
    );
    return { endedSessions: ended.map(endedSession) };
  }
  return { endedSessions: (await endSessions(database, target, reason)).map(endedSession) };
}

interface EndedSession {
  id: string;
  revoked_at: Date | string;
}

function endedSession(row: EndedSession): { id: string; revokedAt: Date } {
  return { id: row.id, revokedAt: new Date(row.revoked_at) };
}

/** Ends the chosen sessions and, in the same statement, every grant issued in them. */
function endSessions(
  database: Database,
  target: { session: string; member?: string } | { sessionsOf: string; except: string | null },
  reason: GrantRevocationReason,
): Promise<EndedSession[]> {
  const [which, params] =
    "session" in target
      ? target.member === undefined
        ? [`id = $2::uuid`, [target.session]]
        : [`id = $2::uuid AND user_id = $3::uuid AND expires_at > now()`, [target.session, target.member]]
      : [`user_id = $2::uuid AND ($3::uuid IS NULL OR id <> $3::uuid)`, [target.sessionsOf, target.except]];
  return database.query<EndedSession>(
    `WITH ended AS (
       UPDATE session SET revoked_at = now()::timestamptz(3)
        WHERE ${which} AND revoked_at IS NULL
        RETURNING id, revoked_at
     ), grants AS (
       UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $1
        WHERE session_id IN (SELECT id FROM ended) AND revoked_at IS NULL
     )
     SELECT id::text, revoked_at FROM ended`,
    [reason, ...params],
  );
}
