import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { revokeGrants } from "../oauth/grants/revoke-grants.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { CONSENT_SELECT, consentBodyFromRecord } from "./list-consents.ts";
import { CONSENT_STATUS, type ConsentBody } from "./schemas.ts";

/**
 * Revokes one of the member's consents (decisions.md part 3): status `revoked` with `revoked_at`, and every
 * grant of that client for the member is revoked too, so its refresh tokens die and its access tokens stop
 * working on our routes at once. Someone else's consent, or no such id, is `not_found`. Revoking twice
 * answers the record as it is.
 *
 * One transaction: the consent row is locked first, so of two revocations at once only one revokes (and
 * logs); the consent, its grants and the log entries change together or not at all.
 *
 * `actedBy.guardianId`: a guardian revokes it for their dependant (lib/guardians): the dependant's log
 * says so, and the guardian's own log records it too.
 */
export async function revokeConsentOrThrow(
  database: Database,
  userId: string,
  consentId: string,
  context: RequestContext,
  actedBy: { guardianId?: string } = {},
): Promise<ConsentBody> {
  if (!isUuid(consentId)) throw notFound("consent");
  return database.transaction(async (tx) => {
    // Raw: a row lock held to the end of the transaction (docs/decisions/0019, reason 2).
    const [target] = await tx.query<{ status: string }>(`SELECT status FROM consent WHERE id = $1::uuid AND user_id = $2::uuid FOR UPDATE`, [consentId, userId]);
    if (!target) throw notFound("consent");
    if (target.status !== CONSENT_STATUS.granted) {
      const consent = await tx.prisma.consent.findUniqueOrThrow({ where: { id: consentId }, select: CONSENT_SELECT });
      return consentBodyFromRecord({ ...consent, status: CONSENT_STATUS.revoked, revokedAt: consent.revokedAt ?? new Date() });
    }
    const consent = await tx.prisma.consent.update({
      where: { id: consentId },
      data: { status: CONSENT_STATUS.revoked, revokedAt: new Date() },
      select: CONSENT_SELECT,
    });
    await revokeGrants(tx, { memberOfClient: { userId, clientId: consent.clientId } }, "consent_revoked");
    const { guardianId } = actedBy;
    await recordSecurityEvent(tx, {
      userId,
      type: "consent_revoked",
      context,
      detail: guardianId ? { client_id: consent.clientId, by: "guardian", guardian_id: guardianId } : { client_id: consent.clientId },
    });
    if (guardianId) {
      await recordSecurityEvent(tx, { userId: guardianId, type: "dependent_consent_revoked", context, detail: { client_id: consent.clientId, dependent_id: userId } });
    }
    return consentBodyFromRecord(consent);
  });
}
