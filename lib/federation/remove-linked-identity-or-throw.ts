import "server-only";
import { maskEmail } from "../contacts/mask-contact.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import type { RemovedLinkedIdentity } from "./schemas.ts";

/**
 * DELETE /api/v1/users/me/linked-identities/{id}: "Continue with" that provider account stops signing the
 * member in at once. Sessions it already started are not ended: the member can sign them out under
 * "Where you’re signed in". Someone else's id is `not_found`.
 */
export async function removeLinkedIdentityOrThrow(database: Database, userId: string, identityId: string, context: RequestContext): Promise<RemovedLinkedIdentity> {
  if (!isUuid(identityId)) throw notFound("linked identity");
  const removed = await database.transaction(async (tx) => {
    const row = await tx.prisma.federatedIdentity.findFirst({
      where: { id: identityId, userId },
      select: { id: true, providerId: true, email: true, linkedAt: true, provider: { select: { displayName: true } } },
    });
    if (!row) return null;
    // Removed meanwhile from another device: as if it had not been there.
    const { count } = await tx.prisma.federatedIdentity.deleteMany({ where: { id: row.id, userId } });
    if (count !== 1) return null;
    const email = row.email ? maskEmail(row.email) : null;
    const providerName = row.provider.displayName;
    await recordSecurityEvent(tx, {
      userId,
      type: "federated_identity_removed",
      context,
      detail: { provider: row.providerId, provider_name: providerName, ...(email ? { email } : {}) },
    });
    return {
      id: row.id,
      provider: row.providerId,
      provider_name: providerName,
      email,
      linked_at: row.linkedAt.toISOString(),
      status: "removed" as const,
    };
  });
  if (!removed) throw notFound("linked identity");
  return removed;
}
