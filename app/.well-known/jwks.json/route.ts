import { oauthRoute } from "@/lib/http/oauth";
import { publishedJwks } from "@/lib/oauth/keys";

export const dynamic = "force-dynamic";

// GET /.well-known/jwks.json - the public signing keys: current and recently retired (RFC 7517)
export const GET = oauthRoute(async () =>
  Response.json(await publishedJwks(), {
    // Short enough that a rotation reaches verifiers long before a retired key leaves the set.
    headers: { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" },
  }),
);
