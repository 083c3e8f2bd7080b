import { confirmGuardianshipRequest } from "@/lib/guardians/endpoints";
import { answerGuardianshipRequestOrThrow } from "@/lib/guardians/guardianship-requests";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/guardians/requests/{requestId}/confirm - the young person confirms a household adult as their guardian
  handle(confirmGuardianshipRequest, ({ caller, params, database, context }) => answerGuardianshipRequestOrThrow(database, caller.userId, params.requestId, "confirmed", context)),
);
