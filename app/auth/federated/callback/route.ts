import { NextResponse, type NextRequest } from "next/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { env } from "@/lib/env";
import { attemptCookieName, clearedAttemptCookie } from "@/lib/federation/cookies";
import { completeFederatedCallback } from "@/lib/federation/complete-federated-callback";
import { logUnexpectedError } from "@/lib/http/log-unexpected-error";
import { requestContext } from "@/lib/http/request-context";
import { sessionCookieName } from "@/lib/sessions/session-cookie";
import type { CookieToSet } from "@/lib/accounts/errors";
import { browserMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

function seeOther(location: string, cookies: readonly CookieToSet[]): Response {
  const response = new NextResponse(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
  for (const cookie of cookies) response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

// GET /auth/federated/callback - the provider sends the browser back here: sign in, offer a link, or say why not
export async function GET(request: NextRequest): Promise<Response> {
  const { BASE_URL } = env();
  try {
    const result = await completeFederatedCallback({
      query: request.nextUrl.searchParams,
      attemptCookieValue: request.cookies.get(attemptCookieName())?.value,
      sessionCookieValue: request.cookies.get(sessionCookieName())?.value,
      cookie: (name) => request.cookies.get(name)?.value,
      context: requestContext(request.headers),
      baseUrl: BASE_URL,
    });
    return seeOther(new URL(result.redirectTo, BASE_URL).href, result.cookies);
  } catch (error) {
    logUnexpectedError("federated callback", error);
    return seeOther(`${BASE_URL}${pagePath(PAGES.signIn, { error: "server_error" })}`, [clearedAttemptCookie()]);
  }
}

// POST, PUT, PATCH, DELETE /auth/federated/callback - our error page (invalid_request)
export const { POST, PUT, PATCH, DELETE } = browserMethodNotAllowed();
