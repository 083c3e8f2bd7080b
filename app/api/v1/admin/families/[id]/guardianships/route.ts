import { adminListFamilyGuardianships, adminRecordFamilyGuardianship } from "@/lib/families/endpoints";
import { listFamilyGuardianshipsForStaff, recordFamilyGuardianshipForStaff } from "@/lib/families/family-guardianships-for-staff";
import { answerWith, endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/families/{id}/guardianships - the household's guardianships and its requests waiting for an answer
  handle(adminListFamilyGuardianships, ({ params, database }) => listFamilyGuardianshipsForStaff(database, params.id)),
  // POST /api/v1/admin/families/{id}/guardianships - record a guardian for a minor of the household, confirming a waiting request (201; 200 when live already)
  handle(adminRecordFamilyGuardianship, async ({ caller, params, body, database, context }) => {
    const result = await recordFamilyGuardianshipForStaff(database, caller.userId, params.id, body.guardian_id.toLowerCase(), body.dependent_id.toLowerCase(), context);
    return answerWith(adminRecordFamilyGuardianship, result.created ? 201 : 200, result.guardianship);
  }),
);
