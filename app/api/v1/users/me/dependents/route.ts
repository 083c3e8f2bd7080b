import { listDependents } from "@/lib/guardians/list-dependents";
import { GUARDIAN_PERMISSION } from "@/lib/guardians/schemas";
import { identityJson, identityRoute } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/dependents - the guardian's dependants, each with their consents
export const GET = identityRoute({ permission: GUARDIAN_PERMISSION }, async ({ caller }) => identityJson(await listDependents(caller.userId)));
