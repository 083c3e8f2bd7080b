import "server-only";
import { z } from "zod";
import { emailSchema, familyNameSchema, givenNameSchema } from "../accounts/schemas.ts";
import { openStaffAuditEntry } from "../audit/open-audit-entry.ts";
import { hashPassword } from "../crypto/password.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { assertNewPasswordAllowedForApi } from "../passwords/check-new-password.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { lockAccountOrThrow } from "./account-lock.ts";

/**
 * What `npm run admin:create` is given (scripts/admin-create.ts): the administrator's email address, a name for
 * a new account, and a password (needed for a new account; for an existing one it replaces theirs).
 */
export const administratorInputSchema = z.object({
  email: emailSchema,
  given_name: givenNameSchema.optional(),
  family_name: familyNameSchema.optional(),
  password: z.string().nullable(),
  /** Remove the account's authenticator app and recovery codes: they ask for a new one at their next staff page. */
  reset_two_step: z.boolean().default(false),
});
export type AdministratorInput = z.input<typeof administratorInputSchema>;

export interface AdministratorResult {
  userId: string;
  created: boolean;
  /** The roles the account holds afterwards. */
  roles: string[];
}

/** Says what is wrong with what the command was given, in words for the person at the server. */
export class AdministratorInputError extends Error {
  override name = "AdministratorInputError";
}

/** Who did it, in the audit log and the member's security log: the server's own command line, not a client. */
export const COMMAND_LINE = "command-line";
const ADMINISTRATOR_ROLES = ["admin", "member"] as const;

/**
 * The first administrator of an empty start, or access back for a church whose administrators are all locked
 * out (issue 39): run on the server, which is the proof of authority, so it works whether or not an
 * administrator exists. A new account is made with its address taken as confirmed (the person at the server
 * vouches for it) and the password judged as at registration; an existing one gets the administrator role,
 * is enabled again, and takes the new password when one is given (its other sessions end). Every change is
 * recorded in the staff audit log as done on the command line, in one transaction with the change.
 */
export async function createAdministrator(database: Database, given: AdministratorInput): Promise<AdministratorResult> {
  const parsed = administratorInputSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdministratorInputError(`${issue?.path.join(".") || "input"}: ${issue?.message ?? "is not valid"}`);
  }
  const input = parsed.data;
  const existing = await database.prisma.user.findUnique({ where: { email: input.email }, select: { id: true, givenName: true, familyName: true } });
  if (!existing && (!input.given_name || !input.family_name)) throw new AdministratorInputError("a new account needs --given-name and --family-name");
  if (!existing && !input.password) throw new AdministratorInputError("a new account needs a password (ADMIN_PASSWORD, or on standard input)");
  let passwordHash: string | null = null;
  if (input.password !== null) {
    try {
      assertNewPasswordAllowedForApi(input.password, { email: input.email, givenName: input.given_name ?? existing?.givenName, familyName: input.family_name ?? existing?.familyName });
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      throw new AdministratorInputError(error.description.replace(/^new_password: /, "password: "));
    }
    passwordHash = await hashPassword(input.password);
  }

  return database.transaction(async (tx) => {
    const now = new Date();
    const userId =
      existing?.id ??
      (
        await tx.prisma.user.create({
          data: { email: input.email, emailVerifiedAt: now, givenName: input.given_name!, familyName: input.family_name!, passwordHash },
          select: { id: true },
        })
      ).id;
    await lockAccountOrThrow(tx, userId);
    await openCommandLineAuditEntry(tx, userId);
    if (existing) {
      await tx.prisma.user.update({ where: { id: userId }, data: { disabledAt: null, ...(passwordHash && { passwordHash }) }, select: { id: true } });
      // A new password ends every session: whoever held the old one is signed out.
      if (passwordHash) await tx.prisma.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    }
    if (input.reset_two_step) {
      await tx.prisma.totpCredential.deleteMany({ where: { userId } });
      await tx.prisma.recoveryCode.deleteMany({ where: { userId } });
    }
    const before = (await tx.prisma.userRole.findMany({ where: { userId }, select: { role: { select: { name: true } } } })).map((row) => row.role.name).sort();
    const roles = await tx.prisma.role.findMany({ where: { name: { in: [...ADMINISTRATOR_ROLES] } }, select: { id: true } });
    if (roles.length !== ADMINISTRATOR_ROLES.length) throw new AdministratorInputError("the built-in roles are missing: start the server once, then run this again");
    await tx.prisma.userRole.createMany({ data: roles.map((role) => ({ userId, roleId: role.id })), skipDuplicates: true });
    const after = [...new Set([...before, ...ADMINISTRATOR_ROLES])].sort();
    const context = { ip: null, userAgent: COMMAND_LINE };
    if (after.join() !== before.join()) await recordSecurityEvent(tx, { userId, type: "roles_changed", context, detail: { by: COMMAND_LINE, before, after } });
    if (passwordHash && existing) await recordSecurityEvent(tx, { userId, type: "password_changed", context, detail: { by: COMMAND_LINE } });
    return { userId, created: !existing, roles: after };
  });
}

/**
 * The staff audit entry of a command-line change (docs/decisions/0020): as a staff write's, the rows it changes
 * are appended by the audit trigger in the same transaction; its actor is the account the command acted on, and
 * its method `CLI` says it came from the server, not a client.
 */
function openCommandLineAuditEntry(tx: Database, userId: string): Promise<void> {
  return openStaffAuditEntry(tx, {
    actorId: userId,
    clientId: COMMAND_LINE,
    method: "CLI",
    path: "npm run admin:create",
    section: "users",
    targetId: userId,
    requestId: globalThis.crypto.randomUUID(),
  });
}
