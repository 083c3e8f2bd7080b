import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { passwordResetVia } from "@/lib/accounts/password-reset-channels";
import { pendingCodeCookie } from "@/lib/accounts/pending-code";
import { requestPasswordReset } from "@/lib/accounts/request-password-reset";
import { forgotPasswordBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";

// POST /auth/forgot-password - sends a code to choose a new password, to the account's address or a chosen verified recovery contact (same answer for an unknown address)
export const POST = formRoute({
  formPath: PAGES.forgotPassword,
  schema: forgotPasswordBodySchema,
  async handle(input, { client }) {
    const pending = await requestPasswordReset({ email: input.email, via: passwordResetVia(input.via?.toLowerCase()), context: client });
    return { redirectTo: pagePath(PAGES.resetPassword, { request: input.request }), cookies: [await pendingCodeCookie(pending)] };
  },
});

// GET, PUT, PATCH, DELETE /auth/forgot-password - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.forgotPassword);
