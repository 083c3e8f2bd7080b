import "server-only";
import { revokeConsentOrThrow } from "../consents/revoke-consent-or-throw.ts";
import type { ConsentBody } from "../consents/schemas.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";

/**
 * DELETE /api/v1/users/me/dependents/{dependentId}/consent/{consentId} (decisions.md part 3): a guardian
 * revokes one of their dependant's consents, exactly as the dependant could themselves (status `revoked`,
 * the client's grants and refresh tokens for the dependant revoked), recorded in both security logs.
 * The route has checked `guardian:act_as`; here, someone who is not the caller's dependant (or no longer
 * is) is `not_found`, as is a consent that is not that dependant's.
 */
export async function revokeDependentConsentOrThrow(
  database: Database,
  guardianId: string,
  dependentId: string,
  consentId: string,
  context: RequestContext,
): Promise<ConsentBody> {
  if (!isUuid(dependentId)) throw notFound("dependent");
  const guardianship = await database.prisma.guardianship.findFirst({ where: { guardianId, dependentId, endedAt: null }, select: { id: true } });
  if (!guardianship) throw notFound("dependent");
  return revokeConsentOrThrow(database, dependentId, consentId, context, { guardianId });
}
