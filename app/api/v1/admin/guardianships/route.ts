import { createGuardianshipForStaff } from "@/lib/families/create-guardianship-for-staff";
import { adminCreateGuardianship, adminListGuardianships } from "@/lib/families/endpoints";
import { listGuardianships } from "@/lib/families/list-guardianships";
import { answerWith, endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/guardianships - guardianships, live or ended, searched by either person, paged
  handle(adminListGuardianships, ({ query, database }) => listGuardianships(database, query)),
  // POST /api/v1/admin/guardianships - record a guardian for a minor (201; 200 when it was live already)
  handle(adminCreateGuardianship, async ({ caller, body, database, context }) => {
    const result = await createGuardianshipForStaff(database, caller.userId, body.guardian_id.toLowerCase(), body.dependent_id.toLowerCase(), context);
    return answerWith(adminCreateGuardianship, result.created ? 201 : 200, result.guardianship);
  }),
);
