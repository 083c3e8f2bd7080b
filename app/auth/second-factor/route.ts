import { completeSignIn } from "@/lib/accounts/complete-sign-in";
import { AccountError } from "@/lib/accounts/errors";
import { PAGES } from "@/lib/accounts/page-paths";
import { clearedPendingSignInCookie, pendingSignInCookieName, readPendingSignIn } from "@/lib/accounts/pending-sign-in";
import { secondFactorBodySchema } from "@/lib/accounts/schemas";
import { verifySecondFactor } from "@/lib/accounts/verify-second-factor";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";

// POST /auth/second-factor - a TOTP or recovery code after a correct password; completes the sign-in
export const POST = formRoute({
  formPath: PAGES.secondFactor,
  schema: secondFactorBodySchema,
  keep: ["request", "method"],
  async handle(input, { client, cookie }) {
    const pending = await readPendingSignIn(cookie(pendingSignInCookieName()));
    if (!pending) {
      throw new AccountError("sign_in_expired", { formPath: PAGES.signIn, cookies: [clearedPendingSignInCookie()] });
    }
    const method = await verifySecondFactor({ userId: pending.userId, code: input.code, context: client });
    // The cookie, not the form, says which request this sign-in belongs to: it was sealed at the password step.
    const done = await completeSignIn({
      userId: pending.userId,
      amr: [pending.firstFactor ?? "pwd", "otp", "mfa"],
      method,
      provider: pending.provider,
      context: client,
      cookie,
      request: pending.request,
      returnTo: pending.returnTo,
    });
    return { redirectTo: done.redirectTo, cookies: [...done.cookies, clearedPendingSignInCookie()] };
  },
});

// GET, PUT, PATCH, DELETE /auth/second-factor - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.secondFactor);
