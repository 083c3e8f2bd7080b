import type { Metadata } from "next";
import { cookies } from "next/headers";
import { churchLocaleOf } from "@/components/kiosk/kiosk-clock";
import { KioskEnrol } from "@/components/kiosk/kiosk-enrol";
import { KioskScreen } from "@/components/kiosk/kiosk-screen";
import { kioskClientForTablet } from "@/lib/check-in/kiosk-client-for-tablet";
import { database } from "@/lib/db";
import { currentChurch } from "@/lib/http/current-church";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { DEFAULT_KIOSK_CLIENT_ID, KIOSK_CLIENT_ID_PATTERN } from "@/lib/portal-api/kiosk-paths";
import { kioskCookieName, readKioskTokens } from "@/lib/portal-api/kiosk-session";
import "./kiosk.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Check-in kiosk", robots: { index: false } };

// /kiosk - the lobby tablet: enrolled once by a volunteer's approval (device flow), then check-in and pickup (docs/decisions/0023),
// under the church's name, with times as the church writes them (its country's English and clock)
export default async function KioskPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const asked = (await searchParams).client;
  const clientId = typeof asked === "string" && KIOSK_CLIENT_ID_PATTERN.test(asked) ? asked : await kioskClientForTablet(await database(), DEFAULT_KIOSK_CLIENT_ID);
  const enrolled = await readKioskTokens((await cookies()).get(kioskCookieName())?.value);
  const csrfToken = (await csrfTokenForPage()) ?? "";
  const { name: church, country, logoPath } = await currentChurch();
  return (
    <div className="kiosk">
      {enrolled ? <KioskScreen csrfToken={csrfToken} churchName={church} logoPath={logoPath} locale={churchLocaleOf(country)} /> : <KioskEnrol csrfToken={csrfToken} clientId={clientId} churchName={church} logoPath={logoPath} />}
    </div>
  );
}
