import { listMyCheckIns as listMyCheckInsOf } from "@/lib/check-in/attendance";
import { listMyCheckIns, selfCheckIn } from "@/lib/check-in/endpoints";
import { selfCheckIn as checkInSelf } from "@/lib/check-in/self-check-in";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/check-ins - the member's own attendance, newest first
  handle(listMyCheckIns, ({ caller, database }) => listMyCheckInsOf(database, caller.userId)),
  // POST /api/v1/users/me/check-ins - check oneself in where the event allows SELF_CHECK_IN, inside its window (201)
  handle(selfCheckIn, ({ caller, body, database, context }) => checkInSelf(database, caller.userId, body.event_id, context)),
);
