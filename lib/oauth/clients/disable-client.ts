import "server-only";
import type { Database } from "../../db/database.ts";
import { revokeGrants } from "../grants/revoke-grants.ts";
import { getClientForStaffOrThrow } from "./get-client-for-staff-or-throw.ts";
import { getThirdPartyClientOrThrow } from "./get-third-party-client-or-throw.ts";
import type { AdminClient } from "./staff-schemas.ts";

/**
 * POST /api/v1/admin/clients/{id}/disable (clients:write): its grants are revoked in the same transaction
 * (lib/oauth/grants/revoke-grants.ts), so its refresh tokens die and its access tokens stop working on our
 * routes; it can no longer authorize (every lookup skips disabled clients), and the token endpoint refuses
 * it within its 5 s client cache. Disabling again changes nothing.
 */
export async function disableClient(database: Database, clientId: string): Promise<AdminClient> {
  const client = await getThirdPartyClientOrThrow(database, clientId);
  if (client.disabled_at) return client;
  await database.transaction(async (tx) => {
    await tx.prisma.client.update({ where: { id: clientId }, data: { disabledAt: new Date() }, select: { id: true } });
    await revokeGrants(tx, { client: clientId }, "client_disabled");
  });
  return getClientForStaffOrThrow(database, clientId);
}
