import "server-only";
import type { Database } from "../../db/database.ts";
import { IdentityError } from "../../identity/errors.ts";
import { getClientForStaffOrThrow } from "./get-client-for-staff-or-throw.ts";
import type { AdminClient } from "./staff-schemas.ts";

/**
 * A client staff may change: first-party clients (the portal) are managed with `npm run clients:register`
 * only, since editing or disabling one here could lock every member and staff out (`conflict`).
 */
export async function getThirdPartyClientOrThrow(database: Database, clientId: string): Promise<AdminClient> {
  const client = await getClientForStaffOrThrow(database, clientId);
  if (client.first_party) throw new IdentityError("conflict", "first-party clients are managed with npm run clients:register");
  return client;
}
