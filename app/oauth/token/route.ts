import { oauthRoute, readOAuthBody, toResponse } from "@/lib/http/oauth";
import { tokenEndpoint } from "@/lib/http/token-endpoint";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /oauth/token - exchange a code, a refresh token or client credentials for tokens (RFC 6749 3.2)
// (`npm start` answers this path in server.ts before Next; this route serves `next dev` and Vercel.)
export const POST = oauthRoute(async (request) => toResponse(await tokenEndpoint(request.headers, await readOAuthBody(request))));

// GET, PUT, PATCH, DELETE /oauth/token - 405 invalid_request (RFC 6749 shape)
export const { GET, PUT, PATCH, DELETE } = oauthMethodNotAllowed(["POST"]);
