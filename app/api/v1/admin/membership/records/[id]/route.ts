import { getMembershipRecordForStaffOrThrow } from "@/lib/admin/manage-membership";
import { identityJson, identityRoute } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/membership/records/{id} - one register record with the account linked to it, if any
export const GET = identityRoute<{ id: string }>({ permission: "membership:read" }, async ({ params }) => identityJson(await getMembershipRecordForStaffOrThrow(params.id)));
