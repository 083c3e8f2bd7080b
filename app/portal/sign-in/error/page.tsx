import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { portalSignInHref } from "@/lib/portal-auth/paths";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PortalSignInError");
  return { title: t("title"), robots: { index: false, follow: false } };
}

/** next-auth's error codes for a sign-in that failed, by the message that says it to the member (its `pages.error`). */
// i18n-uses: PortalSignInError.couldNotStart
// i18n-uses: PortalSignInError.didNotFinish
// i18n-uses: PortalSignInError.cancelled
// i18n-uses: PortalSignInError.unavailable
const MESSAGES = {
  OAuthSignin: "couldNotStart",
  OAuthCallback: "didNotFinish",
  Callback: "didNotFinish",
  AccessDenied: "cancelled",
  Configuration: "unavailable",
} as const;

export default async function SignInErrorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { error } = await searchParams;
  const t = await getTranslations("PortalSignInError");
  const message = typeof error === "string" && Object.hasOwn(MESSAGES, error) ? t(MESSAGES[error as keyof typeof MESSAGES]) : t("somethingWentWrong");
  return (
    <div className="page page--narrow">
      <h1>{t("title")}</h1>
      <div className="notice notice--warning" role="status">
        <p>{message}</p>
      </div>
      <p>
        {/* A plain link: prefetching the sign-in route would start a sign-in. */}
        <a href={portalSignInHref()} className="button button--primary">
          {t("tryAgain")}
        </a>
      </p>
    </div>
  );
}
