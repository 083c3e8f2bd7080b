import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { emailCodeBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { pendingEmailCodeCookie } from "@/lib/sign-in/pending-email-code";
import { sendSignInCode } from "@/lib/sign-in/send-sign-in-code";

// POST /auth/email-code - "Email me a code": sends a sign-in code to the address (the same answer whatever exists)
export const POST = formRoute({
  formPath: PAGES.emailCode,
  schema: emailCodeBodySchema,
  keep: ["request", "return_to"],
  async handle(input, { client, database, pageLocale }) {
    const pending = await sendSignInCode(database, { email: input.email, request: input.request, returnTo: input.return_to, context: client, locale: pageLocale });
    return { redirectTo: pagePath(PAGES.emailCodeVerify, { request: input.request }), cookies: [await pendingEmailCodeCookie(pending)] };
  },
});

// GET, PUT, PATCH, DELETE /auth/email-code - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.emailCode);
