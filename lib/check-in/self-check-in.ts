import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { checkInPeople } from "./check-in-people.ts";
import type { CheckIn } from "./schemas.ts";

/** POST /api/v1/users/me/check-ins: a member checks themselves in from their phone, where SELF_CHECK_IN is allowed, inside the window. */
export async function selfCheckIn(database: Database, userId: string, eventId: string, context: RequestContext, now?: Date): Promise<CheckIn> {
  const [made] = await checkInPeople(database, { items: [{ personId: userId, eventId }], method: "self", droppedOffBy: null, context, now });
  return made!;
}
