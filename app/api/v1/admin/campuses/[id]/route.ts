import { updateCampusOrThrow } from "@/lib/calendar/update-place-or-throw";
import { updateCampusBodySchema } from "@/lib/calendar/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// PATCH /api/v1/admin/campuses/{id} - rename a campus or change its time zone (its events keep their own)
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "events:write" }, async ({ request, params, database }) =>
  identityJson(await updateCampusOrThrow(database, params.id, await readJsonBody(request, updateCampusBodySchema))),
);

// GET, POST, PUT, DELETE /api/v1/admin/campuses/[id] - 405 in the identity error shape
export const { GET, POST, PUT, DELETE } = identityMethodNotAllowed(["PATCH"]);
