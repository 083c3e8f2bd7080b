import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { PASSKEY_VIEW_SELECT, passkeyView } from "./passkey-view.ts";
import type { PasskeyView } from "./schemas.ts";

/**
 * PATCH /api/v1/users/me/passkeys/{id}: the member's new name for one of their passkeys. Someone else's id
 * is `not_found`, as an unknown one. The same name again changes nothing and logs nothing.
 */
export async function renamePasskeyOrThrow(database: Database, input: { userId: string; passkeyId: string; name: string; context: RequestContext }): Promise<PasskeyView> {
  if (!isUuid(input.passkeyId)) throw notFound("passkey");
  const renamed = await database.transaction(async (tx) => {
    const row = await tx.prisma.passkey.findFirst({ where: { id: input.passkeyId, userId: input.userId }, select: { name: true } });
    if (!row) return null;
    if (row.name === input.name) return tx.prisma.passkey.findFirst({ where: { id: input.passkeyId, userId: input.userId }, select: PASSKEY_VIEW_SELECT });
    const { count } = await tx.prisma.passkey.updateMany({ where: { id: input.passkeyId, userId: input.userId }, data: { name: input.name } });
    if (count !== 1) return null;
    await recordSecurityEvent(tx, { userId: input.userId, type: "passkey_renamed", context: input.context, detail: { name: input.name, previous_name: row.name } });
    return tx.prisma.passkey.findFirst({ where: { id: input.passkeyId, userId: input.userId }, select: PASSKEY_VIEW_SELECT });
  });
  if (!renamed) throw notFound("passkey");
  return passkeyView(renamed);
}
