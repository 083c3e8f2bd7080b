import { adminMergeFamilies } from "@/lib/families/endpoints";
import { mergeFamilies } from "@/lib/families/merge-families";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/families/{id}/merge - every member, child and request of `from` moves here; `from` is deleted
  handle(adminMergeFamilies, ({ caller, params, body, database, context }) => mergeFamilies(database, caller.userId, params.id, body.from, context)),
);
