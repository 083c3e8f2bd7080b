import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { PASSKEY_VIEW_SELECT, passkeyView } from "./passkey-view.ts";
import type { RemovedPasskey } from "./schemas.ts";

/**
 * DELETE /api/v1/users/me/passkeys/{id}: the passkey stops signing the member in at once (its row, and so
 * its public key, is gone). Sessions it already started are not ended: the member can sign them out under
 * "Where you’re signed in". Someone else's id is `not_found`.
 */
export async function removePasskeyOrThrow(database: Database, input: { userId: string; passkeyId: string; context: RequestContext }): Promise<RemovedPasskey> {
  if (!isUuid(input.passkeyId)) throw notFound("passkey");
  const removed = await database.transaction(async (tx) => {
    const row = await tx.prisma.passkey.findFirst({ where: { id: input.passkeyId, userId: input.userId }, select: PASSKEY_VIEW_SELECT });
    if (!row) return null;
    // Removed meanwhile from another device: as if it had not been there.
    const { count } = await tx.prisma.passkey.deleteMany({ where: { id: row.id, userId: input.userId } });
    if (count !== 1) return null;
    await recordSecurityEvent(tx, { userId: input.userId, type: "passkey_removed", context: input.context, detail: { name: row.name } });
    return row;
  });
  if (!removed) throw notFound("passkey");
  return { ...passkeyView(removed), status: "removed" as const };
}
