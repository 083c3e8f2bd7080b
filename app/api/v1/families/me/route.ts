import { getMyFamilyOrThrow } from "@/lib/families/get-my-family-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/families/me - the member's family and its members; adults also see its code
export const GET = identityRoute({ permission: "profile:read" }, async ({ caller }) => identityJson(await getMyFamilyOrThrow(caller.userId)));
