import "server-only";
import { sql } from "../../db.ts";

/** Why a grant (refresh-token family) was revoked, kept on the row for the security log and support. */
export type GrantRevocationReason =
  | "logout"
  | "refresh_token_reuse"
  | "code_replay"
  | "revocation"
  | "consent_revoked"
  | "session_revoked";

/** Revokes a grant: its refresh tokens die, and its access tokens stop working on our own routes at once. */
export async function revokeGrant(grantId: string, reason: GrantRevocationReason): Promise<void> {
  await sql(`UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [grantId, reason]);
}

/**
 * Refresh-token reuse is a sign of theft (RFC 9700 4.14.2): the whole family is revoked, and the session
 * it came from is ended with every other grant of that session.
 */
export async function revokeGrantAndSession(grantId: string, reason: GrantRevocationReason): Promise<void> {
  await sql(
    `WITH target AS (
       UPDATE oauth_grant SET revoked_at = now(), revoked_reason = $2
        WHERE id = $1 AND revoked_at IS NULL
        RETURNING session_id
     ), ended AS (
       UPDATE session SET revoked_at = now()
        WHERE id = (SELECT session_id FROM oauth_grant WHERE id = $1) AND revoked_at IS NULL
        RETURNING id
     )
     UPDATE oauth_grant SET revoked_at = now(), revoked_reason = 'session_revoked'
      WHERE session_id = (SELECT session_id FROM oauth_grant WHERE id = $1) AND id <> $1 AND revoked_at IS NULL`,
    [grantId, reason],
  );
}
