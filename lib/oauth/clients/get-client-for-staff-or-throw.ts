import "server-only";
import type { Database } from "../../db/database.ts";
import { notFound } from "../../identity/errors.ts";
import { STAFF_CLIENT_COLUMNS } from "./staff-client-columns.ts";
import type { AdminClient } from "./staff-schemas.ts";

/**
 * GET /api/v1/admin/clients/{id} (clients:read): one registered client as staff see it, disabled ones too
 * (unlike getClient, which the authorization server uses). Unknown: `not_found`.
 */
export async function getClientForStaffOrThrow(database: Database, clientId: string): Promise<AdminClient> {
  if (clientId.length > 128) throw notFound("client");
  const [row] = await database.query<AdminClient>(`SELECT ${STAFF_CLIENT_COLUMNS} FROM client c WHERE c.id = $1`, [clientId]);
  if (!row) throw notFound("client");
  return row;
}
