import type { Metadata } from "next";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { database } from "@/lib/db";
import { listEnabledProviders } from "@/lib/federation/providers";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../_components/auth-form";
import { PasskeySignIn } from "../_components/passkey-sign-in";
import { emailField } from "../_components/fields";
import { errorFromQuery, param, type SearchParams } from "../_components/page-errors";
import { currentSession } from "../_components/current-session";
import { pageRequest } from "../_components/request-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

const NOTICES: Record<string, string> = {
  password_changed: "Your password has been changed, and you were signed out everywhere. Sign in with your new password.",
  email_verified: "Your email address is confirmed. Sign in to continue.",
};

/** The app asked for a fresh sign-in although the browser is signed in (`max_age=0`, `prompt=login`). */
function asksToSignInAgain(params: { max_age?: number; prompt?: string }): boolean {
  return params.max_age === 0 || (params.prompt ?? "").split(" ").includes("login");
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const requestId = param(query, "request");
  const request = await pageRequest(requestId);
  const notice = NOTICES[param(query, "notice") ?? ""];
  const keep = { request: request?.parked.id };
  const returnTo = param(query, "return_to");
  const providers = await listEnabledProviders(await database());
  const confirming = request !== null && asksToSignInAgain(request.parked.params) && (await currentSession()) !== null;
  const passkey = {
    purpose: "sign_in",
    action: "/auth/passkey/sign-in",
    csrfToken: csrf,
    request: request?.parked.id,
    returnTo,
    label: "Sign in with a passkey",
  } as const;
  return (
    <div className="auth-card">
      <h1>{confirming ? "Confirm it’s you" : "Sign in"}</h1>
      <p className="auth-card__lede">
        {confirming
          ? `Sign in again to continue${request?.clientName ? ` to ${request.clientName}` : ""}. We ask before changes that need extra care.`
          : request?.clientName
            ? `to continue to ${request.clientName}`
            : "with your church account"}
      </p>
      {notice ? (
        <div className="notice" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      <AuthForm
        action="/auth/sign-in"
        submitLabel="Sign in"
        hidden={{ [CSRF_FIELD]: csrf, request: request?.parked.id, return_to: returnTo }}
        initialError={errorFromQuery(query)}
        // No password at hand: the same form posts the typed address to "Email me a code" (an empty one
        // is asked for on the code page).
        secondary={{ action: "/auth/email-code", label: "Email me a code instead" }}
        fields={[
          // `webauthn` last: the browser lists the member's passkeys among this field's suggestions (conditional mediation).
          { ...emailField(request?.parked.params.login_hint), autoComplete: "username webauthn" },
          {
            name: "password",
            label: "Password",
            type: "password",
            autoComplete: "current-password",
            aside: { href: pagePath(PAGES.forgotPassword, keep), text: "Forgot your password?" },
          },
        ]}
      />
      {providers.length === 0 ? <PasskeySignIn {...passkey} divider /> : null}
      {providers.length > 0 ? (
        // "Continue with <provider>" (docs/decisions/0014): plain forms, so they work without JavaScript;
        // the parked authorization request travels with them and comes back through the callback.
        <section className="auth-federated" aria-labelledby="auth-federated-title">
          <h2 id="auth-federated-title" className="auth-federated__title">
            <span aria-hidden="true">or</span>
            <span className="visually-hidden">Or sign in with another account</span>
          </h2>
          <ul role="list" className="auth-federated__list">
            <li className="auth-passkey--needs-script">
              <PasskeySignIn {...passkey} />
            </li>
            {providers.map((provider) => (
              <li key={provider.id}>
                <form method="post" action="/auth/federated/start">
                  <input type="hidden" name={CSRF_FIELD} value={csrf} />
                  {request ? <input type="hidden" name="request" value={request.parked.id} /> : null}
                  {returnTo ? <input type="hidden" name="return_to" value={returnTo} /> : null}
                  <button type="submit" name="provider" value={provider.id} className="button button--block">
                    Continue with {provider.displayName}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {confirming ? null : (
        <ul className="auth-links" role="list">
          <li>
            New here? <a href={pagePath(PAGES.register, keep)}>Create an account</a>
          </li>
        </ul>
      )}
    </div>
  );
}
