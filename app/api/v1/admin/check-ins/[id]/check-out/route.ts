import { staffCheckOut } from "@/lib/check-in/attendance";
import { adminCheckOut } from "@/lib/check-in/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/check-ins/{id}/check-out - staff check a person out (someone on the pickup list without an account, say)
  handle(adminCheckOut, ({ caller, params, database, context }) => staffCheckOut(database, caller.userId, params.id, context)),
);
