import { endGuardianshipForStaff } from "@/lib/families/end-guardianship-for-staff";
import { adminEndGuardianship } from "@/lib/families/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/guardianships/{id}/end - the guardian no longer acts for the dependant, at once
  handle(adminEndGuardianship, ({ caller, params, database, context }) => endGuardianshipForStaff(database, caller.userId, params.id, context)),
);
