import { clientAddressOf } from "@/lib/http/client-address";
import { oauthJson, readOAuthForm } from "@/lib/http/oauth";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { presentedAccessTokenOrBody, type PresentedAccessToken } from "@/lib/oauth/bearer";
import { userinfoEndpoint } from "@/lib/oauth/oauth-endpoints";
import { readUserinfo } from "@/lib/oauth/userinfo";

export const dynamic = "force-dynamic";

/** A POST may carry the token as a form parameter instead of the header (RFC 6750 2.2), as some clients do. */
async function tokenOf(request: Request): Promise<PresentedAccessToken | null> {
  const isForm = request.method === "POST" && request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded";
  return presentedAccessTokenOrBody(request.headers, isForm ? await readOAuthForm(request) : null);
}

// GET, POST /oauth/userinfo - the signed-in member's claims, by the access token's scopes (OIDC Core 5.3); a POST
// may carry the token in the header or the form body (RFC 6750 2.2)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(userinfoEndpoint, async (request, database) =>
  oauthJson(await readUserinfo(database, await tokenOf(request), request, clientAddressOf(request.headers))),
);
