import "server-only";
import type { Database } from "../../db/database.ts";
import { getClientForStaffOrThrow } from "./get-client-for-staff-or-throw.ts";
import { getThirdPartyClientOrThrow } from "./get-third-party-client-or-throw.ts";
import type { AdminClient, UpdateClientBody } from "./staff-schemas.ts";

/** PATCH /api/v1/admin/clients/{id} (clients:write): name, redirect URIs, post-logout URIs, scopes. Takes effect at the next request. */
export async function updateClient(database: Database, clientId: string, body: UpdateClientBody): Promise<AdminClient> {
  await getThirdPartyClientOrThrow(database, clientId);
  await database.prisma.client.update({
    where: { id: clientId },
    data: { name: body.name, redirectUris: body.redirect_uris, postLogoutRedirectUris: body.post_logout_redirect_uris, scopes: body.scopes },
    select: { id: true },
  });
  return getClientForStaffOrThrow(database, clientId);
}
