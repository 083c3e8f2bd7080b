import { removeChildOrThrow } from "@/lib/families/remove-child-or-throw";
import { updateChildBodySchema } from "@/lib/families/schemas";
import { updateChildOrThrow } from "@/lib/families/update-child-or-throw";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// PATCH /api/v1/families/me/children/{childId} - an adult changes a child's name, birth date or notes
export const PATCH = identityRoute<{ childId: string }>({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ request, caller, params, database, context }) =>
  identityJson(await updateChildOrThrow(database, caller.userId, params.childId, await readJsonBody(request, updateChildBodySchema), context)),
);

// DELETE /api/v1/families/me/children/{childId} - an adult removes a child without a sign-in (their record goes)
export const DELETE = identityRoute<{ childId: string }>({ scope: AREA_SCOPES.family, permission: "profile:write" }, async ({ caller, params, database, context }) =>
  identityJson(await removeChildOrThrow(database, caller.userId, params.childId, context)),
);

// GET, POST, PUT /api/v1/families/me/children/[childId] - 405 in the identity error shape
export const { GET, POST, PUT } = identityMethodNotAllowed(["PATCH", "DELETE"]);
