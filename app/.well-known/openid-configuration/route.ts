import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { openIdConfiguration } from "@/lib/oauth/discovery";
import { discoveryEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

// GET /.well-known/openid-configuration - OpenID Provider metadata (OIDC Discovery 1.0)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(discoveryEndpoint, async () =>
  Response.json(openIdConfiguration(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  }),
);
