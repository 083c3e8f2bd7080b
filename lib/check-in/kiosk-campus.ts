import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";

/**
 * The campus a kiosk client is bound to (docs/decisions/0023). The route wrapper already checked the
 * `check-in:kiosk` scope and the enrolling account's `attendance:kiosk`; a client with no campus is not a
 * kiosk, whatever its registration's scopes say.
 */
export async function kioskCampusOrThrow(database: Database, clientId: string): Promise<string> {
  const client = await database.prisma.client.findUnique({ where: { id: clientId }, select: { checkInCampusId: true } });
  if (!client?.checkInCampusId) throw new IdentityError("forbidden", "this client is not a check-in kiosk of a campus");
  return client.checkInCampusId;
}

/** The kiosk behind a call: its client and the campus it serves. */
export async function kioskOf(database: Database, caller: { clientId: string }): Promise<{ clientId: string; campusId: string }> {
  return { clientId: caller.clientId, campusId: await kioskCampusOrThrow(database, caller.clientId) };
}
