import { AccountError } from "@/lib/accounts/errors";
import { PAGES } from "@/lib/accounts/page-paths";
import { getConsentPrompt } from "@/lib/consents/get-consent-prompt";
import { grantConsent } from "@/lib/consents/grant-consent";
import { consentDecisionBodySchema } from "@/lib/consents/schemas";
import { formRoute } from "@/lib/http/forms";
import { getAuthorizationRequest, markAuthorizationRequestConsented, resumeAuthorizationPath } from "@/lib/oauth/authorization-request";
import { getSessionByToken } from "@/lib/sessions/get-session";
import { sessionCookieName } from "@/lib/sessions/session-cookie";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";

// POST /auth/consent - "Allow" records the Consent and resumes the request; "Deny" resumes it as denied
export const POST = formRoute({
  formPath: PAGES.consent,
  schema: consentDecisionBodySchema,
  async handle(input, { client, cookie }) {
    const session = await getSessionByToken(cookie(sessionCookieName()));
    if (!session) throw new AccountError("session_required", { formPath: PAGES.signIn });
    const parked = await getAuthorizationRequest(input.request);
    if (!parked) throw new AccountError("request_expired");
    const resume = resumeAuthorizationPath(parked.id);
    if (input.decision === "deny") return { redirectTo: `${resume}&denied=1` };
    const prompt = await getConsentPrompt(parked.params);
    if (!prompt) throw new AccountError("request_expired");
    await grantConsent({
      userId: session.userId,
      clientId: prompt.clientId,
      scopes: prompt.scopes.map((line) => line.scope),
      context: client,
    });
    await markAuthorizationRequestConsented(parked.id);
    return { redirectTo: resume };
  },
});

// GET, PUT, PATCH, DELETE /auth/consent - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.consent);
