import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { checkInPeople } from "./check-in-people.ts";
import { adultRelatedToAll } from "./household-rights.ts";
import type { CheckIn, KioskCheckInBody } from "./schemas.ts";

/**
 * POST /api/v1/kiosk/check-ins: a household adult or guardian, found by their code or phone, checks the
 * children they chose in to open events of the kiosk's campus; each child gets a security code.
 */
export async function kioskCheckIn(database: Database, kiosk: { clientId: string; campusId: string }, body: KioskCheckInBody, context: RequestContext, now?: Date): Promise<CheckIn[]> {
  if (!(await adultRelatedToAll(database, body.guardian_id, [...new Set(body.children.map((item) => item.child_id))]))) {
    throw new IdentityError("invalid_request", "children: each must be a child of the adult's household or a dependant of theirs");
  }
  return checkInPeople(database, {
    items: body.children.map((item) => ({ personId: item.child_id, eventId: item.event_id })),
    method: "kiosk",
    droppedOffBy: body.guardian_id,
    kioskClientId: kiosk.clientId,
    campusId: kiosk.campusId,
    context,
    now,
  });
}
