import { listMyDependents } from "@/lib/guardians/endpoints";
import { listDependents } from "@/lib/guardians/list-dependents";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/dependents - the guardian's dependants, each with their consents
  handle(listMyDependents, ({ caller, database }) => listDependents(database, caller.userId)),
);
