import { PAGES } from "@/lib/accounts/page-paths";
import { safeRelativePath } from "@/lib/accounts/return-to";
import { signOutBodySchema } from "@/lib/accounts/schemas";
import { signOut } from "@/lib/accounts/sign-out";
import { formRoute } from "@/lib/http/forms";
import { sessionCookieName, sessionCookieOptions } from "@/lib/sessions/session-cookie";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";

// POST /auth/sign-out - ends this browser's session, clears its cookie, continues to a same-origin path
export const POST = formRoute({
  formPath: PAGES.signOut,
  schema: signOutBodySchema,
  keep: ["continue"],
  async handle(input, { client, cookie }) {
    await signOut(cookie(sessionCookieName()), client);
    return {
      redirectTo: safeRelativePath(input.continue) ?? PAGES.signedOut,
      cookies: [{ name: sessionCookieName(), value: "", options: sessionCookieOptions(0) }],
    };
  },
});

// GET, PUT, PATCH, DELETE /auth/sign-out - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.signOut);
