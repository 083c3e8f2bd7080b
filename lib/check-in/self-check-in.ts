import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { checkInPeople } from "./check-in-people.ts";
import type { CheckIn } from "./schemas.ts";

/** The events a member may see on the calendar, and so check in to themselves (private ones are staff's). */
const SELF_VISIBLE = ["public", "members"];

/**
 * POST /api/v1/users/me/check-ins: a member checks themselves in from their phone, where SELF_CHECK_IN is
 * allowed, inside the window. A private event answers as an unknown one: its id tells a member nothing.
 */
export async function selfCheckIn(database: Database, userId: string, eventId: string, context: RequestContext, now?: Date): Promise<CheckIn> {
  const [event] = await database.query<{ visibility: string }>(`SELECT visibility::text AS visibility FROM event WHERE id = $1`, [eventId]);
  if (!event || !SELF_VISIBLE.includes(event.visibility)) throw notFound("event");
  const [made] = await checkInPeople(database, { items: [{ personId: userId, eventId }], method: "self", droppedOffBy: null, context, now });
  return made!;
}
