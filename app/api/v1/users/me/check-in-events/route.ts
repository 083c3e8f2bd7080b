import { listMySelfCheckInEvents } from "@/lib/check-in/endpoints";
import { listSelfCheckInEvents } from "@/lib/check-in/list-self-check-in-events";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/check-in-events - the events the member may check themselves in to now
  handle(listMySelfCheckInEvents, ({ caller, database }) => listSelfCheckInEvents(database, caller.userId)),
);
