import { getFamilyForStaffOrThrow } from "@/lib/admin/manage-families";
import { identityJson, identityRoute } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/families/{id} - one household and its members
export const GET = identityRoute<{ id: string }>({ permission: "families:read" }, async ({ params }) => identityJson(await getFamilyForStaffOrThrow(params.id)));
