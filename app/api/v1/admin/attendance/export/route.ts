import { attendanceCsv } from "@/lib/check-in/attendance-csv";
import { attendanceCsvQuerySchema } from "@/lib/check-in/schemas";
import { identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/attendance/export - CSV of one event's check-ins (?event_id) or of the events between two dates (?from&to)
export const GET = identityRoute({ staff: true, permission: "attendance:read" }, async ({ request, database }) => {
  const csv = await attendanceCsv(database, readQuery(request, attendanceCsvQuerySchema));
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="attendance.csv"', "Cache-Control": "no-store" } });
});

// POST, PUT, PATCH, DELETE /api/v1/admin/attendance/export - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
