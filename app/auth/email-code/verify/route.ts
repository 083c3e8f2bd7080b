import { AccountError } from "@/lib/accounts/errors";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { emailCodeVerifyBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { completeSignIn } from "@/lib/sign-in/complete-sign-in";
import { clearedPendingEmailCodeCookie, pendingEmailCodeCookieName, readPendingEmailCode } from "@/lib/sign-in/pending-email-code";
import { pendingSignInCookie } from "@/lib/sign-in/pending-sign-in";
import { signInWithEmailCode } from "@/lib/sign-in/sign-in-with-email-code";

// POST /auth/email-code/verify - the emailed code; then signed in, or on to the second factor
export const POST = formRoute({
  formPath: PAGES.emailCodeVerify,
  schema: emailCodeVerifyBodySchema,
  async handle(input, { client, cookie, database }) {
    const pending = await readPendingEmailCode(cookie(pendingEmailCodeCookieName()));
    if (!pending) throw new AccountError("sign_in_expired", { formPath: PAGES.emailCode, cookies: [clearedPendingEmailCodeCookie()] });
    const result = await signInWithEmailCode(database, { pending, code: input.code, context: client });
    // The cookie, not the form, says which request this sign-in belongs to: it was sealed when the code was sent.
    if (result.next === "second_factor") {
      const second = await pendingSignInCookie({ userId: result.userId, request: pending.request, returnTo: pending.returnTo, firstFactor: "otp" });
      return { redirectTo: pagePath(PAGES.secondFactor, { request: pending.request }), cookies: [second, clearedPendingEmailCodeCookie()] };
    }
    const done = await completeSignIn(database, {
      userId: result.userId,
      amr: ["otp"],
      method: "email_code",
      context: client,
      cookie,
      request: pending.request,
      returnTo: pending.returnTo,
    });
    return { redirectTo: done.redirectTo, cookies: [...done.cookies, clearedPendingEmailCodeCookie()] };
  },
});

// GET, PUT, PATCH, DELETE /auth/email-code/verify - GET goes to the code page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.emailCodeVerify);
