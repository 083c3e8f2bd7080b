import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { AlreadyCheckedInError, checkInPeople } from "./check-in-people.ts";
import { recordKioskAlert } from "./guess-limits.ts";
import { adultRelatedToAll, childrenNotAuthorizedFor } from "./household-rights.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { verifyKioskPresence } from "./kiosk-presence.ts";
import { KIOSK_REFUSALS, kioskRefusal } from "./kiosk-refusals.ts";
import { createPickupTag } from "./pickup-tag.ts";
import { KioskCheckInSchema, type KioskCheckIn, type KioskCheckInBody } from "./schemas.ts";

/**
 * POST /api/v1/kiosk/check-ins (docs/decisions/0023): an adult the household search proved present at this
 * tablet checks the children they chose in to open events of the kiosk's campus. Each child gets a security
 * code, and together they get one pickup tag, whose secret is answered this once for printing. An adult
 * marked not authorized for a child cannot check that child in; a child already checked in sends the adult
 * to a volunteer. Both are alerts staff see at once.
 */
export async function kioskCheckIn(database: Database, kiosk: Kiosk, body: KioskCheckInBody, context: RequestContext, now = new Date()): Promise<KioskCheckIn> {
  const present = await verifyKioskPresence(body.presence, kiosk.deviceId, now);
  if (!present) throw new IdentityError("invalid_request", KIOSK_REFUSALS.presenceExpired);
  if (!present.includes(body.guardian_id)) throw new IdentityError("forbidden", KIOSK_REFUSALS.adultNotPresent);
  const childIds = [...new Set(body.children.map((item) => item.child_id))];
  if (!(await adultRelatedToAll(database, body.guardian_id, childIds))) {
    throw new IdentityError("invalid_request", KIOSK_REFUSALS.notTheirChildren);
  }
  const refused = await childrenNotAuthorizedFor(database, body.guardian_id, childIds);
  if (refused.length > 0) {
    for (const child of refused) await recordKioskAlert(database, kiosk, "not_authorized", context, child.id);
    throw new IdentityError("forbidden", kioskRefusal("notAuthorizedToCheckIn", { children: refused.map((child) => child.given_name) }));
  }
  try {
    return await database.transaction(async (tx) => {
      const checkIns = await checkInPeople(tx, {
        items: body.children.map((item) => ({ personId: item.child_id, eventId: item.event_id })),
        method: "kiosk",
        droppedOffBy: body.guardian_id,
        kioskClientId: kiosk.clientId,
        campusId: kiosk.campusId,
        context,
        now,
      });
      const children = checkIns.filter((row) => row.security_code !== null);
      if (children.length === 0) return KioskCheckInSchema.parse({ check_ins: checkIns, pickup_tag: null });
      const tag = await createPickupTag(tx, now);
      await tx.query(`UPDATE check_in SET pickup_tag_id = $1::uuid WHERE id = ANY($2::uuid[])`, [tag.id, children.map((row) => row.id)]);
      return KioskCheckInSchema.parse({ check_ins: checkIns, pickup_tag: tag.secret });
    });
  } catch (error) {
    if (!(error instanceof AlreadyCheckedInError)) throw error;
    await recordKioskAlert(database, kiosk, "already_checked_in", context, error.personId);
    throw new IdentityError("conflict", kioskRefusal(error.sameEvent ? "alreadyCheckedIn" : "alreadyCheckedInAtTheSameTime", { child: error.givenName, event: error.eventTitle }));
  }
}
