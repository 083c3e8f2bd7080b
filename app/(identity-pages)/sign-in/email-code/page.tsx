import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../../_components/auth-form";
import { authFormWords, emailField } from "../../_components/fields";
import { pageError } from "../../_components/page-error";
import { param, type SearchParams } from "../../_components/page-errors";
import { pageRequest } from "../../_components/request-context";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("EmailCode");
  return { title: t("title") };
}

export default async function EmailCodePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("EmailCode");
  const csrf = (await csrfTokenForPage()) ?? "";
  const request = await pageRequest(param(query, "request"));
  const returnTo = param(query, "return_to");
  const keep = { request: request?.parked.id, return_to: returnTo };
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      <p className="auth-card__lede">{request?.clientName ? t("ledeApp", { app: request.clientName }) : t("lede")}</p>
      <AuthForm
        action="/auth/email-code"
        submitLabel={t("submit")}
        hidden={{ [CSRF_FIELD]: csrf, ...keep }}
        initialError={await pageError(query)}
        fields={[{ ...emailField(request?.parked.params.login_hint), label: t("email") }]}
        words={await authFormWords()}
      />
      <ul className="auth-links" role="list">
        <li>
          <a href={pagePath(PAGES.signIn, keep)}>{t("passwordInstead")}</a>
        </li>
      </ul>
    </div>
  );
}
