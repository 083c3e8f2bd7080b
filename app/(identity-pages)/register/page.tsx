import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/accounts/schemas";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../_components/auth-form";
import { newPasswordFormWords, emailField } from "../_components/fields";
import { pageError, pageNewPasswordMessage } from "../_components/page-error";
import { param, type SearchParams } from "../_components/page-errors";
import { pageRequest } from "../_components/request-context";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Register");
  return { title: t("title") };
}

export default async function RegisterPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("Register");
  const csrf = (await csrfTokenForPage()) ?? "";
  const request = await pageRequest(param(query, "request"));
  const keep = { request: request?.parked.id };
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      <p className="auth-card__lede">{t("lede")}</p>
      <AuthForm
        action="/auth/register"
        submitLabel={t("submit")}
        hidden={{ [CSRF_FIELD]: csrf, request: keep.request }}
        initialError={await pageError(query, { password: await pageNewPasswordMessage(query) })}
        fields={[
          { name: "given_name", label: t("givenName"), type: "text", autoComplete: "given-name", autoCapitalize: "words", maxLength: 100 },
          { name: "family_name", label: t("familyName"), type: "text", autoComplete: "family-name", autoCapitalize: "words", maxLength: 100 },
          { ...emailField(request?.parked.params.login_hint), label: t("email") },
          {
            name: "password",
            label: t("password"),
            type: "password",
            autoComplete: "new-password",
            minLength: PASSWORD_MIN_LENGTH,
            maxLength: PASSWORD_MAX_LENGTH,
            strengthMeter: true,
            hint: t("passwordHint", { min: PASSWORD_MIN_LENGTH }),
          },
        ]}
        words={await newPasswordFormWords()}
      />
      <ul className="auth-links" role="list">
        <li>{t.rich("haveAccount", { signIn: (chunks) => <a href={pagePath(PAGES.signIn, keep)}>{chunks}</a> })}</li>
      </ul>
    </div>
  );
}
