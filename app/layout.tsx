import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { NavLink } from "@/components/nav-link";
import { churchName } from "@/lib/church";
import { Providers } from "./providers";
import "./globals.css";

export function generateMetadata(): Metadata {
  const siteName = churchName();
  return {
    title: { default: `${siteName} · Member portal`, template: `%s · ${siteName}` },
    description: `The member portal of ${siteName}: services, classes, groups and events across our campuses.`,
    applicationName: siteName,
  };
}

export const viewport: Viewport = {
  themeColor: "#0f4c5c",
  colorScheme: "light",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  const siteName = churchName();
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <header className="site-header">
          <div className="site-header__inner">
            <Link href="/" className="site-name">
              <span className="site-name__mark" aria-hidden="true" />
              {siteName}
            </Link>
            <nav aria-label="Main" className="site-nav">
              <ul role="list">
                <li>
                  <NavLink href="/calendar">Calendar</NavLink>
                </li>
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="site-main">
          <Providers>{children}</Providers>
        </main>
        <footer className="site-footer">
          <div className="site-footer__inner">
            <p>
              <strong>{siteName}</strong> · Member portal
            </p>
            <p>
              Church website or calendar app? <a href="/api/calendar/events/upcoming.ics">Subscribe to every upcoming event (iCal)</a>.
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}
