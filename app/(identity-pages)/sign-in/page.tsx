import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { database } from "@/lib/db";
import { listEnabledProviders } from "@/lib/federation/providers";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../_components/auth-form";
import { PasskeySignIn } from "../_components/passkey-sign-in";
import { authFormWords, emailField, passkeyWords } from "../_components/fields";
import { pageError } from "../_components/page-error";
import { param, type SearchParams } from "../_components/page-errors";
import { currentSession } from "@/lib/http/current-session";
import { pageRequest } from "../_components/request-context";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignIn");
  return { title: t("title") };
}

/** The notices another step sends here (`?notice=`), by their message's key: a link cannot put other words on the page. */
// i18n-uses: SignIn.passwordChanged
// i18n-uses: SignIn.emailVerified
const NOTICES = { password_changed: "passwordChanged", email_verified: "emailVerified" } as const;

function noticeKey(notice: string | undefined): (typeof NOTICES)[keyof typeof NOTICES] | null {
  return notice !== undefined && Object.hasOwn(NOTICES, notice) ? NOTICES[notice as keyof typeof NOTICES] : null;
}

/** The app asked for a fresh sign-in although the browser is signed in (`max_age=0`, `prompt=login`). */
function asksToSignInAgain(params: { max_age?: number; prompt?: string }): boolean {
  return params.max_age === 0 || (params.prompt ?? "").split(" ").includes("login");
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("SignIn");
  const csrf = (await csrfTokenForPage()) ?? "";
  const requestId = param(query, "request");
  const request = await pageRequest(requestId);
  const notice = noticeKey(param(query, "notice"));
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
    label: t("withPasskey"),
    words: await passkeyWords(),
  } as const;
  return (
    <div className="auth-card">
      <h1>{confirming ? t("confirmTitle") : t("title")}</h1>
      <p className="auth-card__lede">
        {confirming
          ? request?.clientName
            ? t("confirmLedeApp", { app: request.clientName })
            : t("confirmLede")
          : request?.clientName
            ? t("ledeApp", { app: request.clientName })
            : t("lede")}
      </p>
      {notice ? (
        <div className="notice" role="status">
          <p>{t(notice)}</p>
        </div>
      ) : null}
      <AuthForm
        action="/auth/sign-in"
        submitLabel={t("submit")}
        words={await authFormWords()}
        hidden={{ [CSRF_FIELD]: csrf, request: request?.parked.id, return_to: returnTo }}
        initialError={await pageError(query)}
        // No password at hand: the same form posts the typed address to "Email me a code" (an empty one
        // is asked for on the code page).
        secondary={{ action: "/auth/email-code", label: t("emailCodeInstead") }}
        fields={[
          // `webauthn` last: the browser lists the member's passkeys among this field's suggestions (conditional mediation).
          { ...emailField(request?.parked.params.login_hint), label: t("email"), autoComplete: "username webauthn" },
          {
            name: "password",
            label: t("password"),
            type: "password",
            autoComplete: "current-password",
            aside: { href: pagePath(PAGES.forgotPassword, keep), text: t("forgotPassword") },
          },
        ]}
      />
      {providers.length === 0 ? <PasskeySignIn {...passkey} divider={t("or")} /> : null}
      {providers.length > 0 ? (
        // "Continue with <provider>" (docs/decisions/0014): plain forms, so they work without JavaScript;
        // the parked authorization request travels with them and comes back through the callback.
        <section className="auth-federated" aria-labelledby="auth-federated-title">
          <h2 id="auth-federated-title" className="auth-federated__title">
            <span aria-hidden="true">{t("or")}</span>
            <span className="visually-hidden">{t("orAnotherAccount")}</span>
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
                    {t("continueWith", { provider: provider.displayName })}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {confirming ? null : (
        <ul className="auth-links" role="list">
          <li>{t.rich("newHere", { register: (chunks) => <a href={pagePath(PAGES.register, keep)}>{chunks}</a> })}</li>
        </ul>
      )}
    </div>
  );
}
