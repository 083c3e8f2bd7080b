import { listMyGuardians } from "@/lib/guardians/endpoints";
import { listMyGuardians as guardiansOf } from "@/lib/guardians/guardianship-requests";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/guardians - who acts for the member as guardian, and the household adults waiting for their answer
  handle(listMyGuardians, ({ caller, database }) => guardiansOf(database, caller.userId)),
);
