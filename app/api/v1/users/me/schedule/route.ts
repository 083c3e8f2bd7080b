import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { getMySchedule } from "@/lib/schedule/endpoints";
import { getMySchedule as getMyScheduleOf } from "@/lib/schedule/get-my-schedule";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/schedule - the household's sign-ups (places and waitlist) and the upcoming events for its audiences
  handle(getMySchedule, ({ caller, database }) => getMyScheduleOf(database, caller.userId)),
);
