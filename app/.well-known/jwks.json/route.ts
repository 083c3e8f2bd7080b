import { oauthRoute } from "@/lib/http/oauth";
import { publishedJwks } from "@/lib/oauth/keys";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /.well-known/jwks.json - the public signing keys: current and recently retired (RFC 7517)
export const GET = oauthRoute(async (_request, database) =>
  Response.json(await publishedJwks(database), {
    // Short enough that a rotation reaches verifiers long before a retired key leaves the set.
    headers: { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" },
  }),
);

// POST, PUT, PATCH, DELETE /.well-known/jwks.json - 405 invalid_request (RFC 6749 shape)
export const { POST, PUT, PATCH, DELETE } = oauthMethodNotAllowed(["GET"]);
