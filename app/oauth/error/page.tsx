import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { authorizePageErrorCode } from "@/lib/oauth/authorize/authorize-errors";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("OAuthError");
  return { title: t("title"), robots: { index: false } };
}

// The authorization server's error page: shown instead of redirecting when the app or its return address
// cannot be trusted (RFC 6749 4.1.2.1), so nothing is sent to an address an attacker chose. Each code's
// sentence is lib's AUTHORIZE_PAGE_ERRORS in the page's language (English word for word: oauth-error-words.test.ts).
export default async function OAuthErrorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations("OAuthError");
  const code = authorizePageErrorCode((await searchParams).error);
  const message = code ? t(`errors.${code}`) : t("generic");
  return (
    <section className="page-narrow" aria-labelledby="oauth-error-title">
      <h1 id="oauth-error-title">{t("heading")}</h1>
      <p role="alert">{message}</p>
      {code ? <p className="muted">{t.rich("errorCode", { value: code, code: (chunks) => <code>{chunks}</code> })}</p> : null}
      <p>
        <Link href="/">{t("portalLink")}</Link>
      </p>
    </section>
  );
}
