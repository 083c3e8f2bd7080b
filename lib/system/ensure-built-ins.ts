import "server-only";
import type { Database } from "../db/database.ts";
import { BUILT_IN_ROLES } from "../identity/built-in-roles.ts";
import { PORTAL_SCOPES } from "../oauth/clients/portal-scopes.ts";
import { portalClientId, portalClientSecret, portalRedirectUri } from "../oauth/clients/portal-client.ts";
import { registerClient } from "../oauth/clients/register-client.ts";
import { env } from "../env.ts";

/** One key for every instance starting at once: the second waits for the first's writes, then finds them. */
const BUILT_INS_LOCK = 0x6368_7572; // "chur"

/**
 * What every church needs before anyone signs in, written by the server at each start (instrumentation-node.ts)
 * on any database, empty or not: the built-in roles (lib/identity/built-in-roles.ts), and the portal's own
 * client with its secret (PORTAL_CLIENT_SECRET, or one derived from APP_SECRET), so no command has to register
 * it. A portal client that exists is kept as it is (an operator may have registered it), only this server's
 * addresses added to it if missing: servers of one database at other origins (a staging copy, the tests'
 * second server) do not take turns undoing each other. Under a transaction-scoped advisory lock, so instances
 * starting together take turns.
 */
export async function ensureBuiltIns(database: Database, baseUrl = env().BASE_URL): Promise<void> {
  await database.transaction(async (tx) => {
    // pg_advisory_xact_lock answers void, which not every driver decodes: answered as text (as lib/oauth/keys.ts does).
    await tx.query(`SELECT pg_advisory_xact_lock($1::bigint)::text AS locked`, [BUILT_INS_LOCK]);
    for (const role of BUILT_IN_ROLES) {
      const data = { description: role.description, permissions: [...role.permissions] };
      await tx.prisma.role.upsert({ where: { name: role.name }, create: { name: role.name, ...data }, update: data, select: { id: true } });
    }
    const redirectUris = [portalRedirectUri(baseUrl)];
    const postLogoutRedirectUris = [`${baseUrl}/`, `${baseUrl}/signed-out`];
    const existing = await tx.prisma.client.findUnique({ where: { id: portalClientId() }, select: { redirectUris: true, postLogoutRedirectUris: true } });
    if (!existing) {
      await registerClient(tx, {
        id: portalClientId(),
        name: "Member portal",
        type: "confidential",
        secret: portalClientSecret(),
        redirectUris,
        postLogoutRedirectUris,
        grantTypes: ["authorization_code", "refresh_token"],
        scopes: [...PORTAL_SCOPES],
        firstParty: true,
      });
      return;
    }
    const missing = (wanted: string[], held: string[]) => wanted.some((uri) => !held.includes(uri));
    if (missing(redirectUris, existing.redirectUris) || missing(postLogoutRedirectUris, existing.postLogoutRedirectUris)) {
      await tx.prisma.client.update({
        where: { id: portalClientId() },
        data: {
          redirectUris: [...new Set([...existing.redirectUris, ...redirectUris])],
          postLogoutRedirectUris: [...new Set([...existing.postLogoutRedirectUris, ...postLogoutRedirectUris])],
        },
        select: { id: true },
      });
    }
  });
}
