import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { changeMyName } from "@/lib/users/change-my-name";
import { getMyProfile, updateMyName } from "@/lib/users/endpoints";
import { getProfileOrThrow } from "@/lib/users/get-profile-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me - the signed-in member's profile: the claims the token's scopes release, and to first-party clients roles and permissions
  handle(getMyProfile, ({ caller, database }) => getProfileOrThrow(database, caller.userId, caller)),
  // PATCH /api/v1/users/me - the member changes their own name (logged)
  handle(updateMyName, async ({ caller, body, database, context }) => {
    await changeMyName(database, caller.userId, body, context);
    return getProfileOrThrow(database, caller.userId, caller);
  }),
);
