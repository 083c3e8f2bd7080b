import { changeEventStatus } from "@/lib/calendar/change-event-status";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/events/{id}/cancel - marks the event CANCELLED (it stays in the feed)
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "events:write" }, async ({ params, database }) => identityJson(await changeEventStatus(database, params.id, "cancel")));

// GET, PUT, PATCH, DELETE /api/v1/admin/events/{id}/cancel - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
