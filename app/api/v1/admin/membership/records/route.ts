import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminListMembershipRecords } from "@/lib/membership/endpoints";
import { listMembershipRecords } from "@/lib/membership/list-membership-records";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/membership/records - the church register, searched by name or contact, sorted and paged
  handle(adminListMembershipRecords, ({ query, database }) => listMembershipRecords(database, query)),
);
