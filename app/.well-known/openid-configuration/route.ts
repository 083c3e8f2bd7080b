import { openIdConfiguration } from "@/lib/oauth/discovery";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { oauthRoute } from "@/lib/http/oauth";

export const dynamic = "force-dynamic";

// GET /.well-known/openid-configuration - OpenID Provider metadata (OIDC Discovery 1.0)
export const GET = oauthRoute(async () =>
  Response.json(openIdConfiguration(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  }),
);

// POST, PUT, PATCH, DELETE /.well-known/openid-configuration - 405 invalid_request (RFC 6749 shape)
export const { POST, PUT, PATCH, DELETE } = oauthMethodNotAllowed(["GET"]);
