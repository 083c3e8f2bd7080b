import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { pendingEmailCodeCookieName, readPendingEmailCode } from "@/lib/sign-in/pending-email-code";
import { AuthForm } from "../../../_components/auth-form";
import { authFormWords } from "../../../_components/fields";
import { pageError } from "../../../_components/page-error";
import { param, type SearchParams } from "../../../_components/page-errors";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("EmailCodeVerify");
  return { title: t("title") };
}

/** The notices another step sends here (`?notice=`), by their message's key: a link cannot put other words on the page. */
// i18n-uses: EmailCodeVerify.codeSent
const NOTICES = { code_sent: "codeSent" } as const;

function noticeKey(notice: string | undefined): (typeof NOTICES)[keyof typeof NOTICES] | null {
  return notice !== undefined && Object.hasOwn(NOTICES, notice) ? NOTICES[notice as keyof typeof NOTICES] : null;
}

export default async function EmailCodeVerifyPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("EmailCodeVerify");
  const csrf = (await csrfTokenForPage()) ?? "";
  // Without the sealed cookie (expired, another browser, opened directly) there is no code to type here.
  const pending = await readPendingEmailCode((await cookies()).get(pendingEmailCodeCookieName())?.value);
  if (!pending) redirect(pagePath(PAGES.emailCode, { request: param(query, "request"), error: "sign_in_expired" }));

  const keep = { request: pending.request, return_to: pending.returnTo };
  const notice = noticeKey(param(query, "notice"));
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      {/* The same words whether or not the address has an account: nothing here may tell. */}
      <p className="auth-card__lede">
        {t.rich("lede", { email: pending.email, address: (chunks) => <strong className="auth-address">{chunks}</strong> })}
      </p>
      {notice ? (
        <div className="notice" role="status">
          <p>{t(notice)}</p>
        </div>
      ) : null}
      <AuthForm
        action="/auth/email-code/verify"
        submitLabel={t("submit")}
        hidden={{ [CSRF_FIELD]: csrf, request: pending.request }}
        initialError={await pageError(query)}
        fields={[{ name: "code", label: t("code"), type: "text", inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9 -]{6,7}", maxLength: 7 }]}
        words={await authFormWords()}
      />
      <form method="post" action="/auth/email-code/resend" className="auth-secondary-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {pending.request ? <input type="hidden" name="request" value={pending.request} /> : null}
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
      <ul className="auth-links" role="list">
        <li>
          <a href={pagePath(PAGES.emailCode, keep)}>{t("differentEmail")}</a>
        </li>
        <li>
          <a href={pagePath(PAGES.signIn, keep)}>{t("passwordInstead")}</a>
        </li>
      </ul>
    </div>
  );
}
