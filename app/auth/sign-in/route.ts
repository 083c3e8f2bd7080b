import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { signInBodySchema } from "@/lib/accounts/schemas";
import { sendVerificationCode } from "@/lib/accounts/send-verification-code";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { completeSignIn } from "@/lib/sign-in/complete-sign-in";
import { pendingSignInCookie } from "@/lib/sign-in/pending-sign-in";
import { signInWithPassword } from "@/lib/sign-in/sign-in-with-password";
import { pendingCodeCookie } from "@/lib/verification-codes/pending-code";

// POST /auth/sign-in - email and password; then signed in, or on to the second factor or the email code
export const POST = formRoute({
  formPath: PAGES.signIn,
  schema: signInBodySchema,
  keep: ["request", "return_to"],
  async handle(input, { client, cookie, database, pageLocale }) {
    const result = await signInWithPassword(database, { email: input.email, password: input.password, context: client });
    switch (result.next) {
      case "signed_in": {
        const done = await completeSignIn(database, {
          userId: result.userId,
          amr: ["pwd"],
          method: "password",
          context: client,
          cookie,
          request: input.request,
          returnTo: input.return_to,
        });
        return { redirectTo: done.redirectTo, cookies: done.cookies };
      }
      case "second_factor": {
        const cookie = await pendingSignInCookie({ userId: result.userId, request: input.request, returnTo: input.return_to });
        return { redirectTo: pagePath(PAGES.secondFactor, { request: input.request }), cookies: [cookie] };
      }
      case "verify_email": {
        const pending = await sendVerificationCode(database, { email: input.email, context: client, locale: pageLocale });
        return { redirectTo: pagePath(PAGES.verifyEmail, { request: input.request }), cookies: [await pendingCodeCookie(pending)] };
      }
    }
  },
});

// GET, PUT, PATCH, DELETE /auth/sign-in - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.signIn);
