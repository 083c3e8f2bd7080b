import "server-only";
import { IdentityError } from "../identity/errors.ts";

/**
 * The kiosk behind a call: its client and the campus it serves (docs/decisions/0023). The route wrapper
 * already checked the `check-in:kiosk` scope and the enrolling account's `attendance:kiosk`, and read the
 * client's campus from PostgreSQL with the token's liveness, on this very call; a client with no campus is
 * not a kiosk, whatever its registration's scopes say.
 */
export function kioskOf(caller: { clientId: string; checkInCampusId: string | null }): { clientId: string; campusId: string } {
  if (!caller.checkInCampusId) throw new IdentityError("forbidden", "this client is not a check-in kiosk of a campus");
  return { clientId: caller.clientId, campusId: caller.checkInCampusId };
}
