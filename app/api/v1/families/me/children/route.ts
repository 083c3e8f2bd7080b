import { addChild as addChildToHousehold } from "@/lib/families/add-child";
import { addChild } from "@/lib/families/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/families/me/children - an adult adds a child without a sign-in and becomes their guardian (201 the child)
  handle(addChild, ({ caller, body, database, context }) => addChildToHousehold(database, caller.userId, body, context)),
);
