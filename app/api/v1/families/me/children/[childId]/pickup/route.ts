import { addPickupPerson, getPickupList } from "@/lib/families/endpoints";
import { addPickupPersonOrThrow, getPickupListOrThrow } from "@/lib/families/pickup-people";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/families/me/children/{childId}/pickup - who may collect the child (the household's adults by default) and who may not
  handle(getPickupList, ({ caller, params, database }) => getPickupListOrThrow(database, caller.userId, params.childId)),
  // POST /api/v1/families/me/children/{childId}/pickup - an adult names someone who may, or may not, collect the child (201)
  handle(addPickupPerson, ({ caller, params, body, database, context }) => addPickupPersonOrThrow(database, caller.userId, params.childId, body, context)),
);
