import { PAGES } from "@/lib/accounts/page-paths";
import { signOutBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { resolveLogoutReturn } from "@/lib/oauth/end-session";
import { safeRelativePath } from "@/lib/sign-in/return-to";
import { signOut } from "@/lib/sign-in/sign-out";
import { sessionCookieName, sessionCookieOptions } from "@/lib/sessions/session-cookie";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";

// POST /auth/sign-out - ends this browser's session, clears its cookie, continues to a same-origin path or,
// after an app's logout request, to that app's registered post-logout URI (the page named it)
export const POST = formRoute({
  formPath: PAGES.signOut,
  schema: signOutBodySchema,
  keep: ["continue", "client_id", "post_logout_redirect_uri", "state"],
  async handle(input, { client, cookie, database }) {
    await signOut(database, cookie(sessionCookieName()), client);
    // The app's address only if it is still registered for that app: the form is anyone's to fill in.
    const back = input.client_id && input.post_logout_redirect_uri ? await resolveLogoutReturn(database, input) : null;
    return {
      redirectTo: back?.url ?? safeRelativePath(input.continue) ?? PAGES.signedOut,
      cookies: [{ name: sessionCookieName(), value: "", options: sessionCookieOptions(0) }],
    };
  },
});

// GET, PUT, PATCH, DELETE /auth/sign-out - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.signOut);
