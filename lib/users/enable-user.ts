import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { assertMayActOnAccount, type StaffActor } from "./assert-may-act-on-account.ts";
import { getStaffUserOrThrow } from "./get-staff-user-or-throw.ts";
import { lockAccountOrThrow } from "./account-lock.ts";
import type { AdminUser } from "./staff-schemas.ts";

/**
 * POST /api/v1/admin/users/{id}/enable (users:write): the member may sign in again (their old sessions stay
 * ended). A disabled account keeps its roles, so enabling a former administrator gives their powers back to
 * whoever knows their password: it needs every staff or volunteer permission the account holds and a recent
 * sign-in (./assert-may-act-on-account.ts).
 */
export async function enableUser(database: Database, actor: StaffActor, userId: string, context: RequestContext): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  await database.transaction(async (tx) => {
    const account = await lockAccountOrThrow(tx, userId);
    await assertMayActOnAccount(tx, actor, userId);
    if (!account.disabled) return;
    await tx.prisma.user.update({ where: { id: userId }, data: { disabledAt: null }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "account_enabled", context, detail: { by: actor.id } });
  });
  return getStaffUserOrThrow(database, userId);
}
