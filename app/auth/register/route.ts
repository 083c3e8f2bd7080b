import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { registerAccount } from "@/lib/accounts/register-account";
import { registerBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { pendingCodeCookie } from "@/lib/verification-codes/pending-code";

// POST /auth/register - creates an unverified account and emails a code (same answer for a known address)
export const POST = formRoute({
  formPath: PAGES.register,
  schema: registerBodySchema,
  async handle(input, { client, database, pageLocale }) {
    const pending = await registerAccount(database, {
      givenName: input.given_name,
      familyName: input.family_name,
      email: input.email,
      password: input.password,
      context: client,
      locale: pageLocale,
    });
    return { redirectTo: pagePath(PAGES.verifyEmail, { request: input.request }), cookies: [await pendingCodeCookie(pending)] };
  },
});

// GET, PUT, PATCH, DELETE /auth/register - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.register);
