import "server-only";
import { IdentityError } from "../identity/errors.ts";
import { KIOSK_REFUSALS } from "./kiosk-refusals.ts";

/** A kiosk tablet behind a call: its client, the campus it serves, and the tablet itself. */
export interface Kiosk {
  clientId: string;
  campusId: string;
  /**
   * The tablet: the device session its enrolment started (one per tablet, however many share the client).
   * Attempt limits, alerts and proofs of presence are per tablet, so a stranger at one tablet never blocks
   * another.
   */
  deviceId: string;
}

/**
 * The kiosk behind a call (docs/decisions/0023). The route wrapper already checked the `check-in:kiosk`
 * scope and the enrolling account's `attendance:kiosk`, and read the client's campus from PostgreSQL with
 * the token's liveness, on this very call; a client with no campus is not a kiosk, whatever its
 * registration's scopes say, and a token without a device session is not a tablet's.
 */
export function kioskOf(caller: { clientId: string; checkInCampusId: string | null; sessionId: string | null }): Kiosk {
  if (!caller.checkInCampusId) throw new IdentityError("forbidden", KIOSK_REFUSALS.notAKiosk);
  if (!caller.sessionId) throw new IdentityError("forbidden", "this token was not issued to a kiosk tablet");
  return { clientId: caller.clientId, campusId: caller.checkInCampusId, deviceId: caller.sessionId };
}
