import { PAGES } from "@/lib/accounts/page-paths";
import { env } from "@/lib/env";
import { attemptCookieName, clearedAttemptCookie } from "@/lib/federation/cookies";
import { completeFederatedCallback } from "@/lib/federation/complete-federated-callback";
import { pageRedirectRoute } from "@/lib/http/forms";
import { browserMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { sessionCookieName } from "@/lib/sessions/session-cookie";

export const dynamic = "force-dynamic";

// GET /auth/federated/callback - the provider sends the browser back here: sign in, offer a link, or say why not;
// a failure goes to the sign-in page as a form's does (a database outage is service_unavailable, not server_error)
export const GET = pageRedirectRoute({
  errorPath: PAGES.signIn,
  failureCookies: () => [clearedAttemptCookie()],
  async handle({ request, database, client, cookie }) {
    const { BASE_URL } = env();
    const result = await completeFederatedCallback(database, {
      query: request.nextUrl.searchParams,
      attemptCookieValue: cookie(attemptCookieName()),
      sessionCookieValue: cookie(sessionCookieName()),
      cookie,
      context: client,
      baseUrl: BASE_URL,
    });
    return { redirectTo: new URL(result.redirectTo, BASE_URL).href, cookies: result.cookies };
  },
});

// POST, PUT, PATCH, DELETE /auth/federated/callback - our error page (invalid_request)
export const { POST, PUT, PATCH, DELETE } = browserMethodNotAllowed();
