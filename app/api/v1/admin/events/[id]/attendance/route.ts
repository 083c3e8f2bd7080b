import { getAttendanceOrThrow } from "@/lib/check-in/attendance";
import { adminGetAttendance } from "@/lib/check-in/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/events/{id}/attendance - counts against capacity, children still present, every check-in, and the kiosks' alerts
  handle(adminGetAttendance, ({ params, database }) => getAttendanceOrThrow(database, params.id)),
);
