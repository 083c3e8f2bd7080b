import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { cancelRegistration } from "@/lib/registrations/cancel-registration";

export const dynamic = "force-dynamic";

// DELETE /api/v1/users/me/registrations/{id} - cancel a sign-up (the member's or a household child's); the waitlist moves up
export const DELETE = identityRoute<{ id: string }>({ scope: AREA_SCOPES.calendar, permission: "profile:write" }, async ({ caller, params, database }) =>
  identityJson(await cancelRegistration(database, caller.userId, params.id)),
);

// GET, POST, PUT, PATCH /api/v1/users/me/registrations/{id} - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
