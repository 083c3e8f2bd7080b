import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { passkeyChallengeCookie, passkeyChallengeCookieName, readPasskeyChallengeBinding } from "@/lib/passkeys/sign-in-challenge-cookie";
import { passkeyOptionsBodySchema } from "@/lib/passkeys/sign-in-schemas";
import { startPasskeySignIn } from "@/lib/passkeys/start-passkey-sign-in";
import { AccountError } from "@/lib/accounts/errors";
import { clearedPendingSignInCookie, pendingSignInCookieName, readPendingSignIn } from "@/lib/sign-in/pending-sign-in";

// POST /auth/passkey/options - the page's fetch gets a passkey challenge bound to this browser (a cookie)
export const POST = formRoute({
  formPath: PAGES.signIn,
  schema: passkeyOptionsBodySchema,
  async handle(input, { client, cookie, database }) {
    let userId: string | undefined;
    if (input.purpose === "second_factor") {
      const pending = await readPendingSignIn(cookie(pendingSignInCookieName()));
      if (!pending) throw new AccountError("sign_in_expired", { formPath: PAGES.signIn, cookies: [clearedPendingSignInCookie()] });
      userId = pending.userId;
    }
    // The browser's binding again when it has one: its waiting challenge is replaced, never piled up. A new
    // one adds a row, and is limited per address (lib/passkeys/start-passkey-sign-in.ts).
    const kept = await readPasskeyChallengeBinding(cookie(passkeyChallengeCookieName()));
    const { binding, cookie: challengeCookie } = await passkeyChallengeCookie(kept);
    const options = await startPasskeySignIn(database, { binding, newBinding: kept === null, userId, context: client });
    const page = input.purpose === "second_factor" ? PAGES.secondFactor : PAGES.signIn;
    return { redirectTo: pagePath(page, { request: input.request }), cookies: [challengeCookie], json: { options } };
  },
});

// GET, PUT, PATCH, DELETE /auth/passkey/options - GET goes to the sign-in page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.signIn);
