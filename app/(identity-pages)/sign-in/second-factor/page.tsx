import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingSignInCookieName, readPendingSignIn } from "@/lib/sign-in/pending-sign-in";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { database } from "@/lib/db";
import { countPasskeys } from "@/lib/passkeys/count-passkeys";
import { AuthForm, type AuthField } from "../../_components/auth-form";
import { PasskeySignIn } from "../../_components/passkey-sign-in";
import { errorFromQuery, param, type SearchParams } from "../../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Two-step verification" };

const TOTP_FIELD: AuthField = {
  name: "code",
  label: "6-digit code",
  type: "text",
  inputMode: "numeric",
  autoComplete: "one-time-code",
  pattern: "[0-9 ]{6,7}",
  maxLength: 7,
  hint: "Open your authenticator app and type the code it shows for this church account.",
};

const RECOVERY_FIELD: AuthField = {
  name: "code",
  label: "Recovery code",
  type: "text",
  autoComplete: "one-time-code",
  autoCapitalize: "none",
  spellCheck: false,
  maxLength: 20,
  hint: "One of the codes you saved when you turned on two-step verification, like 7kq4m-2xdp9. Each works once.",
};

export default async function SecondFactorPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const requestId = param(query, "request");
  // Without the half-signed-in cookie (expired, or opened directly) there is nothing to finish.
  const pending = await readPendingSignIn((await cookies()).get(pendingSignInCookieName())?.value);
  if (!pending) redirect(pagePath(PAGES.signIn, { request: requestId, error: "sign_in_expired" }));

  const recovery = param(query, "method") === "recovery";
  const keep = { request: pending.request ?? requestId };
  const hasPasskey = (await countPasskeys(await database(), pending.userId)) > 0;
  return (
    <div className="auth-card">
      <h1>Two-step verification</h1>
      <p className="auth-card__lede">
        {recovery ? "Enter one of your recovery codes to finish signing in." : "Enter the code from your authenticator app to finish signing in."}
      </p>
      <AuthForm
        action="/auth/second-factor"
        submitLabel="Continue"
        hidden={{ [CSRF_FIELD]: csrf, request: keep.request, method: recovery ? "recovery" : undefined }}
        initialError={errorFromQuery(query, { code: recovery ? RECOVERY_FIELD.hint : undefined })}
        fields={[recovery ? RECOVERY_FIELD : TOTP_FIELD]}
      />
      {hasPasskey ? (
        <PasskeySignIn purpose="second_factor" action="/auth/second-factor/passkey" csrfToken={csrf} request={keep.request} label="Use a passkey instead" divider="or" />
      ) : null}
      <ul className="auth-links" role="list">
        <li>
          {recovery ? (
            <a href={pagePath(PAGES.secondFactor, keep)}>Use your authenticator app instead</a>
          ) : (
            <a href={pagePath(PAGES.secondFactor, { ...keep, method: "recovery" })}>Lost your phone? Use a recovery code</a>
          )}
        </li>
        <li>
          <a href={pagePath(PAGES.signIn, keep)}>Start again</a>
        </li>
      </ul>
    </div>
  );
}
