import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, insufficientUserAuthentication } from "../identity/errors.ts";
import { ELEVATED_PERMISSIONS } from "../identity/permissions.ts";
import { RECENT_SIGN_IN_SECONDS } from "../oauth/config.ts";
import { ELEVATED_ACCOUNT_FORBIDDEN_REASON, SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT } from "./staff-schemas.ts";

/** The staff member making a change to someone's account: who, and when they last proved it (`auth_time`). */
export interface StaffActor {
  id: string;
  /** Seconds since the epoch; null when the token carries none (treated as long ago). */
  authTime: number | null;
}

const ELEVATED: ReadonlySet<string> = new Set(ELEVATED_PERMISSIONS);

/**
 * The one owner of "nobody acts on an account more powerful than their own" (issue 36, section 3;
 * docs/decisions/0018, "Acting on a more powerful account"). A staff member holding `users:write` could
 * disable an administrator, end their sessions, or enable an administrator's account that had been disabled
 * (a former administrator whose password they know); one holding `roles:write` could hand out, or take away,
 * permissions they do not hold themselves. So, for disabling, enabling, ending sessions and setting roles:
 *
 * - the elevated permissions (ELEVATED_PERMISSIONS: staff ones and enrolling kiosks) the account holds,
 *   and, when setting roles, those of the roles it is given, must all be the actor's too, else `forbidden`
 *   naming each one missing;
 * - when there is any, the actor must have signed in within RECENT_SIGN_IN_SECONDS, else RFC 9470's
 *   `insufficient_user_authentication` with `max_age`, so a stolen staff token cannot do it for long.
 *
 * Permissions come from the database inside the caller's transaction, after it has locked the account's row
 * (lib/users/account-lock.ts): a role change of the same account waits for it, so the rule is
 * checked against the roles the change acts on. Forbidden comes first: signing in again would not help.
 */
export async function assertMayActOnAccount(tx: Database, actor: StaffActor, targetId: string, givenPermissions: readonly string[] = []): Promise<void> {
  // Raw: two permission sets in one round trip, inside the caller's transaction (docs/decisions/0019, reason 2).
  const [row] = await tx.query<{ target: string[]; actor: string[] }>(
    `SELECT ARRAY(SELECT DISTINCT p FROM user_role ur JOIN role r ON r.id = ur.role_id, unnest(r.permissions) AS p WHERE ur.user_id = $1::uuid) AS target,
            ARRAY(SELECT DISTINCT p FROM user_role ur JOIN role r ON r.id = ur.role_id, unnest(r.permissions) AS p WHERE ur.user_id = $2::uuid) AS actor`,
    [targetId, actor.id],
  );
  const held = new Set(row?.actor ?? []);
  const at = [...new Set([...(row?.target ?? []), ...givenPermissions])].filter((permission) => ELEVATED.has(permission));
  if (at.length === 0) return;
  const missing = at.filter((permission) => !held.has(permission)).sort();
  if (missing.length > 0) {
    throw new IdentityError("forbidden", `missing permission ${missing.join(", ")}: ${ELEVATED_ACCOUNT_FORBIDDEN_REASON}`);
  }
  const age = actor.authTime === null ? Infinity : Date.now() / 1000 - actor.authTime;
  if (age > RECENT_SIGN_IN_SECONDS) throw insufficientUserAuthentication(SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT, RECENT_SIGN_IN_SECONDS);
}
