import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { resetPasswordBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { resetPassword } from "@/lib/password-reset/reset-password";
import { clearedPendingCodeCookie } from "@/lib/verification-codes/pending-code";

// POST /auth/reset-password - the emailed code and a new password; signs the member out everywhere
export const POST = formRoute({
  formPath: PAGES.resetPassword,
  schema: resetPasswordBodySchema,
  async handle(input, { client, database, pageLocale }) {
    await resetPassword(database, { email: input.email, code: input.code, password: input.password, context: client, locale: pageLocale });
    return { redirectTo: pagePath(PAGES.signIn, { request: input.request, notice: "password_changed" }), cookies: [clearedPendingCodeCookie()] };
  },
});

// GET, PUT, PATCH, DELETE /auth/reset-password - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.resetPassword);
