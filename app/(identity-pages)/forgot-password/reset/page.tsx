import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingCodeCookieName, readPendingCode } from "@/lib/verification-codes/pending-code";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/accounts/schemas";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../../_components/auth-form";
import { newPasswordFormWords, emailField } from "../../_components/fields";
import { pageError, pageNewPasswordMessage } from "../../_components/page-error";
import { param, type SearchParams } from "../../_components/page-errors";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ResetPassword");
  return { title: t("title") };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("ResetPassword");
  const request = param(query, "request");
  const pending = await readPendingCode((await cookies()).get(pendingCodeCookieName())?.value);
  const email = pending?.purpose === "password_reset" ? pending.email : undefined;
  const csrf = (await csrfTokenForPage()) ?? "";
  // An error of the recovery-contact form is shown there, not on the code form.
  const error = await pageError(query, { password: await pageNewPasswordMessage(query) });
  const contactError = error?.field === "contact" ? error : null;
  const words = await newPasswordFormWords();
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      <p className="auth-card__lede">{email ? t.rich("ledeEmail", { email, strong: (chunks) => <strong>{chunks}</strong> }) : t("lede")}</p>
      <AuthForm
        action="/auth/reset-password"
        submitLabel={t("submit")}
        hidden={{ [CSRF_FIELD]: csrf, request }}
        initialError={contactError ? null : error}
        fields={[
          { ...emailField(email), label: t("email") },
          { name: "code", label: t("code"), type: "text", inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9 -]{6,7}", maxLength: 7 },
          {
            name: "password",
            label: t("newPassword"),
            type: "password",
            autoComplete: "new-password",
            minLength: PASSWORD_MIN_LENGTH,
            maxLength: PASSWORD_MAX_LENGTH,
            strengthMeter: true,
            hint: t("newPasswordHint", { min: PASSWORD_MIN_LENGTH }),
          },
        ]}
        words={words}
      />
      {email ? (
        <>
          <form method="post" action="/auth/forgot-password" className="auth-secondary-form">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="email" value={email} />
            {request ? <input type="hidden" name="request" value={request} /> : null}
            <p>
              {t.rich("resend", {
                resend: (chunks) => (
                  <button type="submit" className="button button--link">
                    {chunks}
                  </button>
                ),
              })}
            </p>
          </form>
          {/* The same for every address, whether or not it has an account or recovery contacts: nothing here may
              tell (issue 14, finding 6). The member types a contact they added in full; it gets the code only if
              it is one of that account's verified contacts. */}
          <details className="auth-secondary-form auth-disclosure" open={contactError !== null}>
            <summary>{t("noAccess")}</summary>
            <AuthForm
              action="/auth/forgot-password"
              submitLabel={t("sendThere")}
              hidden={{ [CSRF_FIELD]: csrf, email, request }}
              initialError={contactError}
              words={words}
              fields={[
                {
                  name: "contact",
                  label: t("contact"),
                  hint: t("contactHint"),
                  type: "text",
                  autoComplete: "off",
                  autoCapitalize: "none",
                  spellCheck: false,
                  maxLength: 254,
                },
              ]}
            />
          </details>
        </>
      ) : (
        <ul className="auth-links" role="list">
          <li>
            <a href={pagePath(PAGES.forgotPassword, { request })}>{t("sendMeACode")}</a>
          </li>
        </ul>
      )}
    </div>
  );
}
