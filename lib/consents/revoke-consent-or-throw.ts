import "server-only";
import { sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { consentBodyFromRow } from "./list-consents.ts";
import type { ConsentBody } from "./schemas.ts";

/**
 * Revokes one of the member's consents (decisions.md part 3): status `revoked` with `revoked_at`, and every
 * grant of that client for the member is revoked too, so its refresh tokens die and its access tokens stop
 * working on our routes at once. Someone else's consent, or no such id, is `not_found`. Revoking twice
 * answers the record as it is.
 *
 * `actedBy.guardianId`: a guardian revokes it for their dependant (lib/guardians): the dependant's log
 * says so, and the guardian's own log records it too.
 */
export async function revokeConsentOrThrow(
  userId: string,
  consentId: string,
  context: RequestContext,
  actedBy: { guardianId?: string } = {},
): Promise<ConsentBody> {
  if (!isUuid(consentId)) throw notFound("consent");
  const [row] = await sql<Parameters<typeof consentBodyFromRow>[0] & { newly: boolean }>(
    `WITH target AS (
       SELECT id, client_id, status FROM consent WHERE id = $1::uuid AND user_id = $2::uuid FOR UPDATE
     ), revoked AS (
       UPDATE consent c SET status = 'revoked', revoked_at = now()::timestamptz(3), updated_at = now()
         FROM target WHERE c.id = target.id AND target.status = 'granted'
       RETURNING c.id
     ), grants AS (
       UPDATE oauth_grant g SET revoked_at = now(), revoked_reason = 'consent_revoked'
        WHERE g.user_id = $2::uuid AND g.client_id = (SELECT client_id FROM target) AND g.revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM revoked)
     )
     SELECT c.id, c.client_id, c.scopes, 'revoked'::text AS status, c.granted_at,
            COALESCE(c.revoked_at, now()::timestamptz(3)) AS revoked_at, EXISTS (SELECT 1 FROM revoked) AS newly
       FROM consent c JOIN target ON target.id = c.id`,
    [consentId, userId],
  );
  if (!row) throw notFound("consent");
  if (row.newly) {
    const { guardianId } = actedBy;
    await recordSecurityEvent({
      userId,
      type: "consent_revoked",
      context,
      detail: guardianId ? { client_id: row.client_id, by: "guardian", guardian_id: guardianId } : { client_id: row.client_id },
    });
    if (guardianId) {
      await recordSecurityEvent({ userId: guardianId, type: "dependent_consent_revoked", context, detail: { client_id: row.client_id, dependent_id: userId } });
    }
  }
  return consentBodyFromRow(row);
}
