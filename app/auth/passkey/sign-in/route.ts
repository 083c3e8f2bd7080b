import { PAGES } from "@/lib/accounts/page-paths";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { clearedPasskeyChallengeCookie, passkeyChallengeCookieName, readPasskeyChallengeBinding } from "@/lib/passkeys/sign-in-challenge-cookie";
import { passkeySignInBodySchema } from "@/lib/passkeys/sign-in-schemas";
import { verifyPasskeySignIn } from "@/lib/passkeys/verify-passkey-sign-in";
import { completeSignIn } from "@/lib/sign-in/complete-sign-in";

// POST /auth/passkey/sign-in - a passkey's answer to this browser's challenge; signed in (both factors at once)
export const POST = formRoute({
  formPath: PAGES.signIn,
  schema: passkeySignInBodySchema,
  keep: ["request", "return_to"],
  async handle(input, { client, cookie, database }) {
    const binding = await readPasskeyChallengeBinding(cookie(passkeyChallengeCookieName()));
    const passkey = await verifyPasskeySignIn(database, { binding, assertion: input.credential, context: client });
    const done = await completeSignIn(database, {
      userId: passkey.userId,
      amr: passkey.amr,
      method: "passkey",
      passkey: passkey.passkeyName,
      context: client,
      cookie,
      request: input.request,
      returnTo: input.return_to,
    });
    return { redirectTo: done.redirectTo, cookies: [...done.cookies, clearedPasskeyChallengeCookie()] };
  },
});

// GET, PUT, PATCH, DELETE /auth/passkey/sign-in - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.signIn);
