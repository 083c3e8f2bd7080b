import { listStaffUserSessions } from "@/lib/users/list-staff-user-sessions";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users/{id}/sessions - where the member is signed in: device, browser, IP, created, last seen (never a token)
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "users:read" }, async ({ params, database }) => identityJson(await listStaffUserSessions(database, params.id)));

// POST, PUT, PATCH, DELETE /api/v1/admin/users/{id}/sessions - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
