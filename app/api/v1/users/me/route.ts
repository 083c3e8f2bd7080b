import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { getMyProfile } from "@/lib/users/endpoints";
import { getProfileOrThrow } from "@/lib/users/get-profile-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me - the signed-in member's profile: the claims the token's scopes release, and to first-party clients roles and permissions
  handle(getMyProfile, ({ caller, database }) => getProfileOrThrow(database, caller.userId, caller)),
);
