import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetClient, adminUpdateClient } from "@/lib/oauth/clients/endpoints";
import { getClientForStaffOrThrow } from "@/lib/oauth/clients/get-client-for-staff-or-throw";
import { updateClient } from "@/lib/oauth/clients/update-client";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/clients/{id} - one registered client (never its secret)
  handle(adminGetClient, ({ params, database }) => getClientForStaffOrThrow(database, params.id)),
  // PATCH /api/v1/admin/clients/{id} - change a third-party client's settings, or a check-in kiosk's campus networks
  handle(adminUpdateClient, ({ params, body, database }) => updateClient(database, params.id, body)),
);
