import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getStaffUserOrThrow } from "./get-staff-user-or-throw.ts";
import { lockAccountOrThrow } from "./lock-account-or-throw.ts";
import type { AdminUser } from "./staff-schemas.ts";

/** POST /api/v1/admin/users/{id}/enable (users:write): the member may sign in again (their old sessions stay ended). */
export async function enableUser(database: Database, staffId: string, userId: string, context: RequestContext): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  await database.transaction(async (tx) => {
    const account = await lockAccountOrThrow(tx, userId);
    if (!account.disabled) return;
    await tx.prisma.user.update({ where: { id: userId }, data: { disabledAt: null }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "account_enabled", context, detail: { by: staffId } });
  });
  return getStaffUserOrThrow(database, userId);
}
