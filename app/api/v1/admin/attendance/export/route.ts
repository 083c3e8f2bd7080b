import { attendanceCsv } from "@/lib/check-in/attendance-csv";
import { adminExportAttendance } from "@/lib/check-in/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

const CSV_HEADERS = { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="attendance.csv"', "Cache-Control": "no-store" } as const;

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/attendance/export - CSV of one event's check-ins (?event_id) or of the events between two dates (?from&to)
  handle(adminExportAttendance, async ({ query, database }) => new Response(await attendanceCsv(database, query), { headers: CSV_HEADERS })),
);
