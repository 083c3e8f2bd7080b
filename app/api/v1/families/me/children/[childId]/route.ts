import { removeChild, updateChild } from "@/lib/families/endpoints";
import { removeChildOrThrow } from "@/lib/families/remove-child-or-throw";
import { updateChildOrThrow } from "@/lib/families/update-child-or-throw";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PATCH /api/v1/families/me/children/{childId} - an adult changes a child's name, birth date or notes
  handle(updateChild, ({ caller, params, body, database, context }) => updateChildOrThrow(database, caller.userId, params.childId, body, context)),
  // DELETE /api/v1/families/me/children/{childId} - an adult removes a child without a sign-in (their record goes)
  handle(removeChild, ({ caller, params, database, context }) => removeChildOrThrow(database, caller.userId, params.childId, context)),
);
