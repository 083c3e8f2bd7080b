import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { revokeGrants } from "../oauth/grants/revoke-grants.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { assertMayActOnAccount, type StaffActor } from "./assert-may-act-on-account.ts";
import { getStaffUserOrThrow } from "./get-staff-user-or-throw.ts";
import { lockAccountOrThrow } from "./account-lock.ts";
import type { AdminUser } from "./staff-schemas.ts";

/**
 * POST /api/v1/admin/users/{id}/disable (users:write): the account can no longer sign in
 * (lib/sessions/create-session.ts refuses it), and every session and grant it has is revoked in the same
 * transaction (lib/oauth/grants/revoke-grants.ts), so its refresh tokens die and its access tokens stop
 * working on our routes at once. Staff cannot disable themselves (nobody locks the office out by a slip),
 * nor an account holding a staff or volunteer permission they lack, and such an account only after a
 * recent sign-in (./assert-may-act-on-account.ts). Disabling again changes nothing.
 */
export async function disableUser(database: Database, actor: StaffActor, userId: string, context: RequestContext): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  if (userId.toLowerCase() === actor.id.toLowerCase()) throw new IdentityError("conflict", "you cannot disable your own account");
  await database.transaction(async (tx) => {
    const account = await lockAccountOrThrow(tx, userId);
    await assertMayActOnAccount(tx, actor, userId);
    if (account.disabled) return;
    await tx.prisma.user.update({ where: { id: userId }, data: { disabledAt: new Date() }, select: { id: true } });
    await revokeGrants(tx, { account: userId }, "account_disabled");
    await recordSecurityEvent(tx, { userId, type: "account_disabled", context, detail: { by: actor.id } });
  });
  return getStaffUserOrThrow(database, userId);
}
