import "server-only";
import { revokeConsentOrThrow } from "../consents/revoke-consent-or-throw.ts";
import type { ConsentBody } from "../consents/schemas.ts";
import { sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";

/**
 * DELETE /api/v1/users/me/dependents/{dependentId}/consent/{consentId} (decisions.md part 3): a guardian
 * revokes one of their dependant's consents, exactly as the dependant could themselves (status `revoked`,
 * the client's grants and refresh tokens for the dependant revoked), recorded in both security logs.
 * The route has checked `guardian:act_as`; here, someone who is not the caller's dependant (or no longer
 * is) is `not_found`, as is a consent that is not that dependant's.
 */
export async function revokeDependentConsentOrThrow(guardianId: string, dependentId: string, consentId: string, context: RequestContext): Promise<ConsentBody> {
  if (!isUuid(dependentId)) throw notFound("dependent");
  const [guardianship] = await sql<{ id: string }>(
    `SELECT id FROM guardianship WHERE guardian_id = $1::uuid AND dependent_id = $2::uuid AND ended_at IS NULL`,
    [guardianId, dependentId],
  );
  if (!guardianship) throw notFound("dependent");
  return revokeConsentOrThrow(dependentId, consentId, context, { guardianId });
}
