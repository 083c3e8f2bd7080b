import { AccountError } from "@/lib/accounts/errors";
import { PAGES } from "@/lib/accounts/page-paths";
import { secondFactorBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { completeSignIn } from "@/lib/sign-in/complete-sign-in";
import { clearedPendingSignInCookie, pendingSignInCookieName, readPendingSignIn } from "@/lib/sign-in/pending-sign-in";
import { verifySecondFactor } from "@/lib/sign-in/verify-second-factor";

// POST /auth/second-factor - a TOTP or recovery code after a correct password; completes the sign-in
export const POST = formRoute({
  formPath: PAGES.secondFactor,
  schema: secondFactorBodySchema,
  keep: ["request", "method"],
  async handle(input, { client, cookie, database }) {
    const pending = await readPendingSignIn(cookie(pendingSignInCookieName()));
    if (!pending) {
      throw new AccountError("sign_in_expired", { formPath: PAGES.signIn, cookies: [clearedPendingSignInCookie()] });
    }
    const method = await verifySecondFactor(database, { userId: pending.userId, code: input.code, context: client });
    // The cookie, not the form, says which request this sign-in belongs to: it was sealed at the password step.
    // After an emailed code the first factor is already `otp`: RFC 8176 lists each method once.
    const done = await completeSignIn(database, {
      userId: pending.userId,
      amr: [...new Set([pending.firstFactor ?? "pwd", "otp", "mfa"] as const)],
      method,
      firstMethod: pending.firstFactor === "otp" ? "email_code" : undefined,
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
