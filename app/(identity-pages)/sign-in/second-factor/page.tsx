import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingSignInCookieName, readPendingSignIn } from "@/lib/sign-in/pending-sign-in";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { database } from "@/lib/db";
import { countPasskeys } from "@/lib/passkeys/count-passkeys";
import { AuthForm, type AuthField } from "../../_components/auth-form";
import { PasskeySignIn } from "../../_components/passkey-sign-in";
import { authFormWords, passkeyWords } from "../../_components/fields";
import { pageError } from "../../_components/page-error";
import { param, type SearchParams } from "../../_components/page-errors";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SecondFactor");
  return { title: t("title") };
}

export default async function SecondFactorPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("SecondFactor");
  const csrf = (await csrfTokenForPage()) ?? "";
  const requestId = param(query, "request");
  // Without the half-signed-in cookie (expired, or opened directly) there is nothing to finish.
  const pending = await readPendingSignIn((await cookies()).get(pendingSignInCookieName())?.value);
  if (!pending) redirect(pagePath(PAGES.signIn, { request: requestId, error: "sign_in_expired" }));

  const recovery = param(query, "method") === "recovery";
  const keep = { request: pending.request ?? requestId };
  const hasPasskey = (await countPasskeys(await database(), pending.userId)) > 0;
  const field: AuthField = recovery
    ? {
        name: "code",
        label: t("recoveryCode"),
        type: "text",
        autoComplete: "one-time-code",
        autoCapitalize: "none",
        spellCheck: false,
        maxLength: 20,
        hint: t("recoveryCodeHint"),
      }
    : {
        name: "code",
        label: t("appCode"),
        type: "text",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        pattern: "[0-9 ]{6,7}",
        maxLength: 7,
        hint: t("appCodeHint"),
      };
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      <p className="auth-card__lede">{recovery ? t("ledeRecovery") : t("lede")}</p>
      <AuthForm
        action="/auth/second-factor"
        submitLabel={t("submit")}
        hidden={{ [CSRF_FIELD]: csrf, request: keep.request, method: recovery ? "recovery" : undefined }}
        initialError={await pageError(query, { code: recovery ? field.hint : undefined })}
        fields={[field]}
        words={await authFormWords()}
      />
      {hasPasskey ? (
        <PasskeySignIn
          purpose="second_factor"
          action="/auth/second-factor/passkey"
          csrfToken={csrf}
          request={keep.request}
          label={t("withPasskey")}
          divider={t("or")}
          words={await passkeyWords()}
        />
      ) : null}
      <ul className="auth-links" role="list">
        <li>
          {recovery ? (
            <a href={pagePath(PAGES.secondFactor, keep)}>{t("useAuthenticatorApp")}</a>
          ) : (
            <a href={pagePath(PAGES.secondFactor, { ...keep, method: "recovery" })}>{t("useRecoveryCode")}</a>
          )}
        </li>
        <li>
          <a href={pagePath(PAGES.signIn, keep)}>{t("startAgain")}</a>
        </li>
      </ul>
    </div>
  );
}
