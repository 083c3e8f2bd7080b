import { readOAuthBody, toResponse } from "@/lib/http/oauth";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { answerTokenRequest } from "@/lib/http/token-endpoint";
import { tokenEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

// POST /oauth/token - exchange a code, a refresh token or client credentials for tokens (RFC 6749 3.2)
// (`npm start` answers this path in server/main.ts before Next; this route serves `next dev` and Vercel.)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(tokenEndpoint, async (request) =>
  toResponse(await answerTokenRequest(request.headers, await readOAuthBody(request))),
);
