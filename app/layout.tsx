import { ClientMessages } from "@/components/i18n/client-messages";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { SetupNotice, SETUP_PATH } from "@/components/setup-notice";
import { churchIsSetUp, currentChurch } from "@/lib/http/current-church";
import { PAGE_ADDRESS_HEADER, PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/language-switcher";
import { directionOf } from "@/lib/kernel/locales";
import { requestLocale } from "@/lib/http/request-locale";
import { themePathOf } from "@/lib/church-settings/theme-path";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { getPortalViewer } from "@/lib/portal-auth/get-portal-session";
import { CSRF_META_NAME } from "@/lib/portal-api/paths";
import { ChurchFooterLinks } from "@/components/church-footer-links";
import { Providers } from "./providers";
import "./globals.css";
import "@/components/ui/controls.css";

export async function generateMetadata(): Promise<Metadata> {
  const church = await currentChurch();
  const t = await getTranslations("Shell");
  const siteName = church.named ? church.name : t("memberPortal");
  return {
    // A church not yet named is "Member portal" (lib/church-settings/church.ts), said once.
    title: { default: church.named ? t("titleNamed", { church: siteName }) : siteName, template: `%s · ${siteName}` },
    description: church.named ? t("descriptionNamed", { church: siteName }) : t("descriptionUnnamed"),
    applicationName: siteName,
  };
}

export const viewport: Viewport = {
  themeColor: "#0f4c5c",
  colorScheme: "light",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const church = await currentChurch();
  const [t, locale, requestHeaders] = await Promise.all([getTranslations("Shell"), requestLocale(), headers()]);
  const siteName = church.named ? church.name : t("memberPortal");
  // Until the church has an administrator, every page but the setup wizard says so (issue 39).
  const setUp = await churchIsSetUp();
  const beingSetUp = !setUp && !(requestHeaders.get(PAGE_PATH_HEADER) ?? "/").startsWith(SETUP_PATH);
  // The header shows who is signed in (from the portal's session cookie), so every page renders per request.
  const viewer = await getPortalViewer();
  // Every page's language switcher posts a form, so every page carries the token (the header's sign-out too).
  const pageCsrfToken = (await csrfTokenForPage()) ?? "";
  const csrfToken = viewer ? pageCsrfToken : null;
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        {/* For the portal's same-origin API calls (lib/portal-api/client.ts); React hoists it into <head>. */}
        {csrfToken ? <meta name={CSRF_META_NAME} content={csrfToken} /> : null}
        {/* The church's colour (/admin/settings): a stylesheet whose address is the colour, cached for good. */}
        {themePathOf(church.brandColour) ? <link rel="stylesheet" href={themePathOf(church.brandColour)!} precedence="high" /> : null}
        <a href="#main" className="skip-link">
          {t("skipToContent")}
        </a>
        <SiteHeader siteName={siteName} logoPath={church.logoPath} viewer={setUp ? viewer : null} csrfToken={csrfToken} navigation={setUp} />
        <main id="main" tabIndex={-1} className="site-main">
          {beingSetUp ? (
            <SetupNotice />
          ) : (
            <ClientMessages namespaces={[]}>
              <Providers>{children}</Providers>
            </ClientMessages>
          )}
        </main>
        <footer className="site-footer">
          <div className="site-footer__inner">
            <p>
              <strong>{siteName}</strong>
              {church.named ? ` · ${t("memberPortal")}` : null}
            </p>
            <ChurchFooterLinks church={church} />
            {setUp ? (
              <p>
                {t.rich("calendarLinks", {
                  ical: (chunks) => <a href="/api/calendar/events/upcoming.ics">{chunks}</a>,
                  embed: (chunks) => <a href="/embed">{chunks}</a>,
                  developers: (chunks) => <a href="/developers">{chunks}</a>,
                })}
              </p>
            ) : null}
            <LanguageSwitcher locale={locale} csrfToken={pageCsrfToken} returnTo={requestHeaders.get(PAGE_ADDRESS_HEADER) ?? "/"} />
          </div>
        </footer>
      </body>
    </html>
  );
}
