import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingCodeCookie } from "@/lib/accounts/pending-code";
import { requestPasswordReset } from "@/lib/accounts/request-password-reset";
import { forgotPasswordBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";

// POST /auth/forgot-password - emails a code to choose a new password (same answer for an unknown address)
export const POST = formRoute({
  formPath: PAGES.forgotPassword,
  schema: forgotPasswordBodySchema,
  async handle(input, { client }) {
    const pending = await requestPasswordReset({ email: input.email, via: "email", context: client });
    return { redirectTo: pagePath(PAGES.resetPassword, { request: input.request }), cookies: [await pendingCodeCookie(pending)] };
  },
});
