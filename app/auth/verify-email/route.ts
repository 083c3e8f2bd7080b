import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { verifyEmailBodySchema } from "@/lib/accounts/schemas";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { completeSignIn } from "@/lib/sign-in/complete-sign-in";
import { clearedPendingCodeCookie, pendingCodeCookieName, readPendingCode } from "@/lib/verification-codes/pending-code";

// POST /auth/verify-email - confirms the address with the emailed code, then signs the member in
export const POST = formRoute({
  formPath: PAGES.verifyEmail,
  schema: verifyEmailBodySchema,
  async handle(input, { client, cookie, database }) {
    const pending = await readPendingCode(cookie(pendingCodeCookieName()));
    const verified = await verifyEmail(database, { email: input.email, code: input.code, pending, context: client });
    if (verified.needsSecondFactor) {
      return { redirectTo: pagePath(PAGES.signIn, { request: input.request, notice: "email_verified" }), cookies: [clearedPendingCodeCookie()] };
    }
    // The browser holding the code's binding is the one that gave the password: amr "pwd" holds.
    const done = await completeSignIn(database, {
      userId: verified.userId,
      amr: ["pwd"],
      method: "email_code",
      context: client,
      cookie,
      request: input.request,
    });
    return { redirectTo: done.redirectTo, cookies: [...done.cookies, clearedPendingCodeCookie()] };
  },
});

// GET, PUT, PATCH, DELETE /auth/verify-email - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.verifyEmail);
