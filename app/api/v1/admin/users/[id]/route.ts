import { getAdminUserOrThrow } from "@/lib/admin/manage-users";
import { identityJson, identityRoute } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/users/{id} - one account: names, roles, whether it has two-step sign-in, disabled or not
export const GET = identityRoute<{ id: string }>({ permission: "users:read" }, async ({ params }) => identityJson(await getAdminUserOrThrow(params.id)));
