import { undoCheckIn } from "@/lib/check-in/attendance";
import { adminUndoCheckIn } from "@/lib/check-in/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/check-ins/{id}/undo - a check-in made by mistake counts for nothing from now on
  handle(adminUndoCheckIn, ({ caller, params, database }) => undoCheckIn(database, caller.userId, params.id)),
);
