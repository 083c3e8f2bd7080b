import "server-only";
import { sql } from "../db.ts";
import { requirePortalSession, type PortalSession } from "../portal-auth/get-portal-session.ts";

/**
 * Whether the signed-in portal member may see a staff page: signed in (else the sign-in redirect of every
 * portal page), and holding `permission` through their roles, read from the database on every page load,
 * as the API's guard does. The page itself only renders; every action it takes goes through the relay to
 * the admin API, which checks the permission again.
 */
export interface StaffAccess {
  session: PortalSession;
  allowed: boolean;
  permissions: ReadonlySet<string>;
}

export async function requireStaffPage(returnTo: string, permission: string): Promise<StaffAccess> {
  const session = await requirePortalSession(returnTo);
  const rows = await sql<{ p: string }>(
    `SELECT DISTINCT p FROM user_role ur JOIN role r ON r.id = ur.role_id JOIN account a ON a.id = ur.user_id
      CROSS JOIN LATERAL unnest(r.permissions) AS p
     WHERE ur.user_id = $1::uuid AND a.disabled_at IS NULL`,
    [session.member.id],
  );
  const permissions = new Set(rows.map((row) => row.p));
  return { session, allowed: permissions.has(permission), permissions };
}
