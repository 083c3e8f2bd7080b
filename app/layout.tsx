import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { SetupNotice, SETUP_PATH } from "@/components/setup-notice";
import { churchIsSetUp, currentChurch } from "@/lib/http/current-church";
import { PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { headers } from "next/headers";
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
  const siteName = church.name;
  return {
    // A church not yet named is "Member portal" (lib/church-settings/church.ts), said once.
    title: { default: church.named ? `${siteName} · Member portal` : siteName, template: `%s · ${siteName}` },
    description: `${church.named ? `The member portal of ${siteName}` : "The church’s member portal"}: services, classes, groups and events across our campuses.`,
    applicationName: siteName,
  };
}

export const viewport: Viewport = {
  themeColor: "#0f4c5c",
  colorScheme: "light",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const church = await currentChurch();
  const siteName = church.name;
  // Until the church has an administrator, every page but the setup wizard says so (issue 39).
  const setUp = await churchIsSetUp();
  const beingSetUp = !setUp && !((await headers()).get(PAGE_PATH_HEADER) ?? "/").startsWith(SETUP_PATH);
  // The header shows who is signed in (from the portal's session cookie), so every page renders per request.
  const viewer = await getPortalViewer();
  const csrfToken = viewer ? await csrfTokenForPage() : null;
  return (
    <html lang="en">
      <body>
        {/* For the portal's same-origin API calls (lib/portal-api/client.ts); React hoists it into <head>. */}
        {csrfToken ? <meta name={CSRF_META_NAME} content={csrfToken} /> : null}
        {/* The church's colour (/admin/settings): a stylesheet whose address is the colour, cached for good. */}
        {themePathOf(church.brandColour) ? <link rel="stylesheet" href={themePathOf(church.brandColour)!} precedence="high" /> : null}
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <SiteHeader siteName={siteName} logoPath={church.logoPath} viewer={setUp ? viewer : null} csrfToken={csrfToken} navigation={setUp} />
        <main id="main" tabIndex={-1} className="site-main">
          {beingSetUp ? <SetupNotice /> : <Providers>{children}</Providers>}
        </main>
        <footer className="site-footer">
          <div className="site-footer__inner">
            <p>
              <strong>{siteName}</strong>
              {church.named ? " · Member portal" : null}
            </p>
            <ChurchFooterLinks church={church} />
            {setUp ? (
              <p>
                Church website or calendar app? <a href="/api/calendar/events/upcoming.ics">Subscribe to every upcoming event (iCal)</a>, or{" "}
                <a href="/embed">put the calendar on your website</a>. Building an app? <a href="/developers">For developers</a>.
              </p>
            ) : null}
          </div>
        </footer>
      </body>
    </html>
  );
}
