import "server-only";
import { maskEmail } from "../contacts/mask-contact.ts";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import type { RemovedLinkedIdentity } from "./schemas.ts";

/**
 * DELETE /api/v1/users/me/linked-identities/{id}: "Continue with" that provider account stops signing the
 * member in at once. Sessions it already started are not ended: the member can sign them out under
 * "Where you’re signed in". Someone else's id is `not_found`.
 */
export async function removeLinkedIdentityOrThrow(userId: string, identityId: string, context: RequestContext): Promise<RemovedLinkedIdentity> {
  if (!isUuid(identityId)) throw notFound("linked identity");
  const removed = await (await db()).$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string; provider_id: string; email: string | null; linked_at: Date }[]>`
      DELETE FROM federated_identity WHERE id = ${identityId}::uuid AND user_id = ${userId}::uuid
      RETURNING id, provider_id, email, linked_at`;
    if (!row) return null;
    const provider = await tx.federationProvider.findUnique({ where: { id: row.provider_id }, select: { displayName: true } });
    const email = row.email ? maskEmail(row.email) : null;
    const providerName = provider?.displayName ?? row.provider_id;
    await recordSecurityEvent(
      { userId, type: "federated_identity_removed", context, detail: { provider: row.provider_id, provider_name: providerName, ...(email ? { email } : {}) } },
      tx,
    );
    return {
      id: row.id,
      provider: row.provider_id,
      provider_name: providerName,
      email,
      linked_at: new Date(row.linked_at).toISOString(),
      status: "removed" as const,
    };
  });
  if (!removed) throw notFound("linked identity");
  return removed;
}
