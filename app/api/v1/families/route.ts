import { createFamily as createHousehold } from "@/lib/families/create-family";
import { createFamily } from "@/lib/families/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/families - create a household; the caller becomes its first adult (201 the family, with its code)
  handle(createFamily, ({ caller, body, database, context }) => createHousehold(database, caller.userId, body.name, context)),
);
