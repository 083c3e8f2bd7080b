import { addMemberForStaff } from "@/lib/families/add-member-for-staff";
import { adminAddFamilyMember } from "@/lib/families/endpoints";
import { answerWith, endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/families/{id}/members - an existing account joins the household (201; 200 when already a member)
  handle(adminAddFamilyMember, async ({ caller, params, body, database, context }) => {
    const { member, created } = await addMemberForStaff(database, caller.userId, params.id, body, context);
    return answerWith(adminAddFamilyMember, created ? 201 : 200, member);
  }),
);
