import { getMyFamily, leaveFamily } from "@/lib/families/endpoints";
import { getMyFamilyOrThrow } from "@/lib/families/get-my-family-or-throw";
import { leaveFamily as leaveHousehold } from "@/lib/families/leave-family";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/families/me - the member's family and its members; adults also see its code
  handle(getMyFamily, ({ caller, database }) => getMyFamilyOrThrow(database, caller.userId)),
  // DELETE /api/v1/families/me - leave the household (its last adult not while it has children)
  handle(leaveFamily, ({ caller, database, context }) => leaveHousehold(database, caller.userId, context)),
);
