import "server-only";
import { openStaffAuditEntry } from "../audit/open-audit-entry.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { confirmTotp } from "../mfa/confirm-totp.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { requireOpenSetup } from "./setup-address.ts";
import { isChurchSetUp } from "./setup-state.ts";

/** The roles the first administrator holds: everything in the office, and their own account as a member. */
const FIRST_ADMINISTRATOR_ROLES = ["admin", "member"] as const;
/** Who did it, in the staff audit log: the setup wizard, through the setup address. */
export const SETUP_CLIENT = "setup";

/**
 * The wizard's last step (issue 39): a code of the administrator's authenticator app turns on their two-step
 * sign-in (their recovery codes answered this once) and gives them the administrator's role. Setup is then
 * over: the church is marked set up, every setup address is deleted, and the page is gone. Recorded in the
 * staff audit log as done by the setup wizard.
 */
export async function completeSetup(database: Database, token: string, code: string, context: RequestContext, now = new Date()): Promise<{ recovery_codes: string[] }> {
  const setup = await requireOpenSetup(database, token, now);
  if (!setup.accountId) throw new IdentityError("conflict", "save the church and the administrator first");
  const { recovery_codes } = await confirmTotp(database, setup.accountId, code, context, now);
  const accountId = setup.accountId;
  await database.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('church-setup'))::text`);
    if (await isChurchSetUp(tx)) throw new IdentityError("not_found", "setup is already finished");
    await openSetupAuditEntry(tx, accountId);
    const roles = await tx.prisma.role.findMany({ where: { name: { in: [...FIRST_ADMINISTRATOR_ROLES] } }, select: { id: true } });
    if (roles.length !== FIRST_ADMINISTRATOR_ROLES.length) throw new Error("the built-in roles are missing: the server writes them at start-up");
    await tx.prisma.userRole.createMany({ data: roles.map((role) => ({ userId: accountId, roleId: role.id })), skipDuplicates: true });
    await tx.prisma.churchSettings.update({ where: { id: 1 }, data: { setupCompletedAt: now }, select: { id: true } });
    await tx.prisma.setupToken.deleteMany({});
    await recordSecurityEvent(tx, { userId: accountId, type: "roles_changed", context, detail: { by: SETUP_CLIENT, before: [], after: [...FIRST_ADMINISTRATOR_ROLES].sort() } });
  });
  return { recovery_codes };
}

/** As a staff write's (docs/decisions/0020): the rows the step changes are appended by the audit trigger. */
function openSetupAuditEntry(tx: Database, accountId: string): Promise<void> {
  return openStaffAuditEntry(tx, {
    actorId: accountId,
    clientId: SETUP_CLIENT,
    method: "POST",
    path: "/api/v1/setup/complete",
    section: "users",
    targetId: accountId,
    requestId: globalThis.crypto.randomUUID(),
  });
}
