import { getAttendanceOrThrow } from "@/lib/check-in/attendance";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/events/{id}/attendance - counts against capacity, children still present, and every check-in
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "attendance:read" }, async ({ params, database }) => identityJson(await getAttendanceOrThrow(database, params.id)));

// POST, PUT, PATCH, DELETE /api/v1/admin/events/{id}/attendance - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
