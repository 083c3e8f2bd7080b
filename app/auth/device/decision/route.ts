import { AccountError } from "@/lib/accounts/errors";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { decideDeviceAuthorization } from "@/lib/oauth/device/decide-device-authorization";
import { deviceDecisionBodySchema } from "@/lib/oauth/device/schemas";
import { getSessionByToken } from "@/lib/sessions/get-session";
import { sessionCookieName } from "@/lib/sessions/session-cookie";

// POST /auth/device/decision - "Allow" signs the device in (its own session) and "Deny" refuses it; only for the session that typed its code
export const POST = formRoute({
  formPath: PAGES.device,
  schema: deviceDecisionBodySchema,
  keep: [],
  async handle(input, { client, cookie, database }) {
    const session = await getSessionByToken(database, cookie(sessionCookieName()));
    if (!session) throw new AccountError("session_required", { formPath: PAGES.signIn });
    await decideDeviceAuthorization(database, { requestId: input.request, session, decision: input.decision, context: client });
    return { redirectTo: pagePath(PAGES.device, { done: input.decision === "allow" ? "allowed" : "denied" }) };
  },
});

// GET, PUT, PATCH, DELETE /auth/device/decision - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.device);
