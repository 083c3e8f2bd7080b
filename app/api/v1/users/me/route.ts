import { identityJson, identityRoute } from "@/lib/http/identity";
import { getProfileOrThrow } from "@/lib/users/get-profile-or-throw";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me - the signed-in member's profile, roles and permissions
export const GET = identityRoute({ permission: "profile:read" }, async ({ caller }) =>
  identityJson(await getProfileOrThrow(caller.userId, caller.permissions)),
);
