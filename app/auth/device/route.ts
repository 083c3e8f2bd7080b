import { AccountError } from "@/lib/accounts/errors";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { reviewDeviceCode } from "@/lib/oauth/device/review-device-code";
import { deviceCodeBodySchema } from "@/lib/oauth/device/schemas";
import { getSessionByToken } from "@/lib/sessions/get-session";
import { sessionCookieName } from "@/lib/sessions/session-cookie";

// POST /auth/device - the code a kiosk shows, typed by a signed-in member; a right one goes on to the device's request
export const POST = formRoute({
  formPath: PAGES.device,
  schema: deviceCodeBodySchema,
  keep: ["user_code"],
  async handle(input, { client, cookie, database }) {
    const session = await getSessionByToken(database, cookie(sessionCookieName()));
    if (!session) throw new AccountError("session_required", { formPath: PAGES.signIn });
    const { requestId } = await reviewDeviceCode(database, { userId: session.userId, sessionId: session.id, typed: input.user_code, context: client });
    return { redirectTo: pagePath(PAGES.device, { request: requestId }) };
  },
});

// GET, PUT, PATCH, DELETE /auth/device - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.device);
