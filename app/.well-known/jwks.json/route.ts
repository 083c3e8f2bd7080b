import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { publishedJwks } from "@/lib/oauth/keys";
import { jwksEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

// GET /.well-known/jwks.json - the public signing keys: current and recently retired (RFC 7517)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(jwksEndpoint, async (_request, database) =>
  Response.json(await publishedJwks(database), {
    // Short enough that a rotation reaches verifiers long before a retired key leaves the set.
    headers: { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" },
  }),
);
