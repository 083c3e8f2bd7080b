import { openIdConfiguration } from "@/lib/oauth/discovery";

export const dynamic = "force-dynamic";

// GET /.well-known/openid-configuration - OpenID Provider metadata (OIDC Discovery 1.0)
export function GET() {
  return Response.json(openIdConfiguration(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
