import { createFamilyForStaff } from "@/lib/families/create-family-for-staff";
import { adminCreateFamily, adminListFamilies } from "@/lib/families/endpoints";
import { listFamilies } from "@/lib/families/list-families";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/families - households with their member counts (never a join code), searched and paged
  handle(adminListFamilies, ({ query, database }) => listFamilies(database, query)),
  // POST /api/v1/admin/families - a household with no members yet, for the office to fill (201)
  handle(adminCreateFamily, ({ body, database }) => createFamilyForStaff(database, body.name)),
);
