import { joinFamily } from "@/lib/families/endpoints";
import { joinFamily as joinWithCode } from "@/lib/families/join-family";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/families/join - join a family with its code (200 { family_id, status: "member" }, also when already one)
  handle(joinFamily, ({ caller, body, database, context }) => joinWithCode(database, caller.userId, body.code, context)),
);
