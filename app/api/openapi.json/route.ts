import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { publicIdentityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

let body: string | undefined;

// GET /api/openapi.json - the OpenAPI 3.1 description of every route, generated from the zod schemas
export const GET = publicIdentityRoute(async () => {
  const config = env();
  body ??= JSON.stringify(buildOpenApiDocument({ serverUrl: config.BASE_URL, calendarUrl: config.CALENDAR_URL }));
  return new Response(body, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
});

// POST, PUT, PATCH, DELETE /api/openapi.json - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
