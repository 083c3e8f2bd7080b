import "server-only";
import { decodeJwt } from "jose";
import { redirect } from "next/navigation";
import { database } from "../db.ts";
import { requirePortalSession, type PortalSession } from "./get-portal-session.ts";
import { portalConfirmHref } from "./paths.ts";

/**
 * Whether the signed-in portal member may see a staff page, as the API's guard will decide their calls:
 * signed in (else the sign-in redirect of every portal page), holding `permission` through their roles (read
 * from the database on every page load), and signed in with a second factor (docs/decisions/0018). A member
 * whose two-step sign-in is on but whose session began without it is asked to confirm it's them (which asks
 * for the code); one without two-step sign-in is told to turn it on. The page itself only renders; every
 * action it takes goes through the relay to the admin API, which checks all of it again.
 */
export interface StaffAccess {
  session: PortalSession;
  /** Why the page is refused: the member lacks the permission, or signed in without a second factor. */
  refusal: StaffRefusal | null;
  permissions: ReadonlySet<string>;
}

export type StaffRefusal = "permission" | "second_factor";

/** `permission`: the one the page needs, or a list of which any one will do. */
export async function requireStaffPage(returnTo: string, permission: string | readonly string[]): Promise<StaffAccess> {
  const session = await requirePortalSession(returnTo);
  // The permissions of every role, unnested in one statement (docs/decisions/0019, reason 4).
  const [row] = await (await database()).query<{ permissions: string[]; totp_on: boolean }>(
    `SELECT ARRAY(SELECT DISTINCT p FROM user_role ur JOIN role r ON r.id = ur.role_id CROSS JOIN LATERAL unnest(r.permissions) AS p
                   WHERE ur.user_id = a.id) AS permissions,
            EXISTS (SELECT 1 FROM totp_credential t WHERE t.user_id = a.id AND t.status = 'confirmed') AS totp_on
       FROM account a WHERE a.id = $1::uuid AND a.disabled_at IS NULL`,
    [session.member.id],
  );
  const permissions = new Set(row?.permissions ?? []);
  // Our own token, received from our own issuer over the backchannel and kept in the encrypted cookie.
  const amr = decodeJwt(session.accessToken).amr;
  const secondFactor = Array.isArray(amr) && amr.includes("mfa");
  const holds = (typeof permission === "string" ? [permission] : permission).some((name) => permissions.has(name));
  if (holds && !secondFactor && row?.totp_on) redirect(portalConfirmHref(returnTo));
  return { session, refusal: !holds ? "permission" : !secondFactor ? "second_factor" : null, permissions };
}
