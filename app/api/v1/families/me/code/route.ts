import { rotateFamilyCode } from "@/lib/families/endpoints";
import { rotateFamilyCode as newFamilyCode } from "@/lib/families/rotate-family-code";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/families/me/code - a new family code (adults only); the old one stops working
  handle(rotateFamilyCode, ({ caller, database, context }) => newFamilyCode(database, caller.userId, context)),
);
