import { AccountError } from "@/lib/accounts/errors";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { resendVerificationBodySchema } from "@/lib/accounts/schemas";
import { sendVerificationCode } from "@/lib/accounts/send-verification-code";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { pendingCodeCookie, pendingCodeCookieName, readPendingCode } from "@/lib/verification-codes/pending-code";

// POST /auth/resend-verification - a new email-confirmation code for the registration in this browser
export const POST = formRoute({
  formPath: PAGES.verifyEmail,
  schema: resendVerificationBodySchema,
  async handle(input, { client, cookie, database, pageLocale }) {
    const pending = await readPendingCode(cookie(pendingCodeCookieName()));
    if (!pending || pending.purpose !== "email_verification") throw new AccountError("verification_expired", { formPath: PAGES.register });
    const renewed = await sendVerificationCode(database, { email: pending.email, binding: pending.binding, context: client, locale: pageLocale });
    return { redirectTo: pagePath(PAGES.verifyEmail, { request: input.request, notice: "code_sent" }), cookies: [await pendingCodeCookie(renewed)] };
  },
});

// GET, PUT, PATCH, DELETE /auth/resend-verification - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.verifyEmail);
