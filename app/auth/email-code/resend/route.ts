import { AccountError } from "@/lib/accounts/errors";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { emailCodeResendBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { clearedPendingEmailCodeCookie, pendingEmailCodeCookie, pendingEmailCodeCookieName, readPendingEmailCode } from "@/lib/sign-in/pending-email-code";
import { sendSignInCode } from "@/lib/sign-in/send-sign-in-code";

// POST /auth/email-code/resend - a new sign-in code to the address this browser asked for, after the cool-down
export const POST = formRoute({
  formPath: PAGES.emailCodeVerify,
  schema: emailCodeResendBodySchema,
  async handle(input, { client, cookie, database, pageLocale }) {
    const pending = await readPendingEmailCode(cookie(pendingEmailCodeCookieName()));
    if (!pending) throw new AccountError("sign_in_expired", { formPath: PAGES.emailCode, cookies: [clearedPendingEmailCodeCookie()] });
    const renewed = await sendSignInCode(database, { ...pending, context: client, locale: pageLocale });
    return {
      redirectTo: pagePath(PAGES.emailCodeVerify, { request: pending.request ?? input.request, notice: "code_sent" }),
      cookies: [await pendingEmailCodeCookie(renewed)],
    };
  },
});

// GET, PUT, PATCH, DELETE /auth/email-code/resend - GET goes to the code page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.emailCodeVerify);
