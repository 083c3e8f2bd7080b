import { AccountError } from "@/lib/accounts/errors";
import { PAGES } from "@/lib/accounts/page-paths";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { clearedPasskeyChallengeCookie, passkeyChallengeCookieName, readPasskeyChallengeBinding } from "@/lib/passkeys/sign-in-challenge-cookie";
import { passkeySecondFactorBodySchema } from "@/lib/passkeys/sign-in-schemas";
import { verifyPasskeySignIn } from "@/lib/passkeys/verify-passkey-sign-in";
import { completeSignIn } from "@/lib/sign-in/complete-sign-in";
import { clearedPendingSignInCookie, pendingSignInCookieName, readPendingSignIn } from "@/lib/sign-in/pending-sign-in";

// POST /auth/second-factor/passkey - one of the member's passkeys instead of a TOTP code; completes the sign-in
export const POST = formRoute({
  formPath: PAGES.secondFactor,
  schema: passkeySecondFactorBodySchema,
  async handle(input, { client, cookie, database }) {
    const pending = await readPendingSignIn(cookie(pendingSignInCookieName()));
    if (!pending) {
      throw new AccountError("sign_in_expired", { formPath: PAGES.signIn, cookies: [clearedPendingSignInCookie()] });
    }
    const binding = await readPasskeyChallengeBinding(cookie(passkeyChallengeCookieName()));
    const passkey = await verifyPasskeySignIn(database, { binding, assertion: input.credential, context: client, userId: pending.userId });
    // The cookie, not the form, says which request this sign-in belongs to: it was sealed at the first step.
    const done = await completeSignIn(database, {
      userId: pending.userId,
      amr: [pending.firstFactor ?? "pwd", ...passkey.amr],
      method: "passkey",
      firstMethod: pending.firstFactor === "otp" ? "email_code" : undefined,
      passkey: passkey.passkeyName,
      provider: pending.provider,
      context: client,
      cookie,
      request: pending.request,
      returnTo: pending.returnTo,
    });
    return { redirectTo: done.redirectTo, cookies: [...done.cookies, clearedPendingSignInCookie(), clearedPasskeyChallengeCookie()] };
  },
});

// GET, PUT, PATCH, DELETE /auth/second-factor/passkey - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.secondFactor);
