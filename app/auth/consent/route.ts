import { AccountError } from "@/lib/accounts/errors";
import { PAGES } from "@/lib/accounts/page-paths";
import { getConsentPrompt } from "@/lib/consents/get-consent-prompt";
import { grantConsent } from "@/lib/consents/grant-consent";
import { consentDecisionBodySchema } from "@/lib/consents/schemas";
import { formRoute } from "@/lib/http/forms";
import { getAuthorizationRequest, markAuthorizationRequestDecided, resumeAuthorizationPath } from "@/lib/oauth/authorization-request";
import { browserBindingCookieName, browserBindingHash } from "@/lib/oauth/authorize/browser-binding";
import { getSessionByToken } from "@/lib/sessions/get-session";
import { sessionCookieName } from "@/lib/sessions/session-cookie";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";

// POST /auth/consent - "Allow" records the Consent and resumes the request; "Deny" resumes it as denied; either only for this browser's request and session
export const POST = formRoute({
  formPath: PAGES.consent,
  schema: consentDecisionBodySchema,
  async handle(input, { client, cookie, database }) {
    const session = await getSessionByToken(database, cookie(sessionCookieName()));
    if (!session) throw new AccountError("session_required", { formPath: PAGES.signIn });
    const parked = await getAuthorizationRequest(database, input.request, browserBindingHash(cookie(browserBindingCookieName())));
    if (!parked) throw new AccountError("request_expired");
    if (input.decision === "allow") {
      const prompt = await getConsentPrompt(database, parked.params);
      if (!prompt) throw new AccountError("request_expired");
      await grantConsent(database, {
        userId: session.userId,
        clientId: prompt.clientId,
        scopes: prompt.scopes.map((line) => line.scope),
        context: client,
      });
    }
    // The answer counts for this session only: another account signing in on this request is asked again.
    await markAuthorizationRequestDecided(database, parked.id, session.id, input.decision);
    return { redirectTo: resumeAuthorizationPath(parked.id) };
  },
});

// GET, PUT, PATCH, DELETE /auth/consent - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.consent);
