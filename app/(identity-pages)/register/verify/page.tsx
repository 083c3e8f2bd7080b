import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingCodeCookieName, readPendingCode } from "@/lib/verification-codes/pending-code";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../../_components/auth-form";
import { authFormWords } from "../../_components/fields";
import { pageError } from "../../_components/page-error";
import { param, type SearchParams } from "../../_components/page-errors";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("RegisterVerify");
  return { title: t("title") };
}

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("RegisterVerify");
  const request = param(query, "request");
  const pending = await readPendingCode((await cookies()).get(pendingCodeCookieName())?.value);
  const csrf = (await csrfTokenForPage()) ?? "";

  if (!pending || pending.purpose !== "email_verification") {
    return (
      <div className="auth-card">
        <h1>{t("title")}</h1>
        <p className="auth-card__lede">{t("expiredLede")}</p>
        <p>
          <a className="button button--primary button--block" href={pagePath(PAGES.register, { request })}>
            {t("registerAgain")}
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1>{t("checkEmail")}</h1>
      <p className="auth-card__lede">{t.rich("lede", { email: pending.email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      {param(query, "notice") === "code_sent" ? (
        <div className="notice" role="status">
          <p>{t("codeSent")}</p>
        </div>
      ) : null}
      <AuthForm
        action="/auth/verify-email"
        submitLabel={t("submit")}
        hidden={{ [CSRF_FIELD]: csrf, request, email: pending.email }}
        initialError={await pageError(query)}
        fields={[
          { name: "code", label: t("code"), type: "text", inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9 -]{6,7}", maxLength: 7 },
        ]}
        words={await authFormWords()}
      />
      <form method="post" action="/auth/resend-verification" className="auth-secondary-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
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
    </div>
  );
}
