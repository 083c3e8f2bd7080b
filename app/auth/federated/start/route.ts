import { AccountError } from "@/lib/accounts/errors";
import { PAGES } from "@/lib/accounts/page-paths";
import { SECURITY_PAGE_PATH } from "@/lib/federation/outcomes";
import { federatedStartBodySchema } from "@/lib/federation/schemas";
import { startFederatedSignIn } from "@/lib/federation/start-federated-sign-in";
import { formRoute } from "@/lib/http/forms";
import { TooManyAttemptsError } from "@/lib/limits/errors";
import { getSessionByToken } from "@/lib/sessions/get-session";
import { sessionCookieName } from "@/lib/sessions/session-cookie";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";

// POST /auth/federated/start - "Continue with <provider>" (sign-in page) or "Link" (Account › Security): off to the provider
export const POST = formRoute({
  formPath: PAGES.signIn,
  schema: federatedStartBodySchema,
  keep: ["request", "return_to"],
  async handle(input, { client, cookie, database }) {
    let userId: string | null = null;
    if (input.intent === "link") {
      // Linking is for the member signed in here; the callback checks it is still them.
      const session = await getSessionByToken(database, cookie(sessionCookieName()));
      if (!session) throw new AccountError("session_required", { formPath: PAGES.signIn });
      userId = session.userId;
    }
    try {
      const started = await startFederatedSignIn(database, {
        providerId: input.provider,
        intent: input.intent,
        userId,
        request: input.request,
        returnTo: input.intent === "link" ? SECURITY_PAGE_PATH : input.return_to,
        context: client,
      });
      return { redirectTo: started.authorizationUrl, cookies: [started.cookie] };
    } catch (error) {
      // From Account › Security, a failure goes back there rather than to the sign-in page.
      if (input.intent === "link") {
        if (error instanceof AccountError) throw new AccountError(error.code, { formPath: SECURITY_PAGE_PATH });
        if (error instanceof TooManyAttemptsError) throw new TooManyAttemptsError(error.retryAfterSeconds, { formPath: SECURITY_PAGE_PATH });
      }
      throw error;
    }
  },
});

// GET, PUT, PATCH, DELETE /auth/federated/start - a GET goes to the sign-in page, others 405 in the forms' JSON shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.signIn);
