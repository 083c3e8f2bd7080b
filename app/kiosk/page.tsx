import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { formatLocale } from "@/components/kiosk/kiosk-clock";
import { KioskEnrol } from "@/components/kiosk/kiosk-enrol";
import { KioskScreen } from "@/components/kiosk/kiosk-screen";
import { kioskEnrolMessages, kioskScreenMessages, type KioskScreenMessages } from "@/components/kiosk/kiosk-words";
import { kioskClientForTablet } from "@/lib/check-in/kiosk-client-for-tablet";
import { database } from "@/lib/db";
import { currentChurch } from "@/lib/http/current-church";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { messagesOf } from "@/lib/i18n/messages";
import { LOCALES, type AppLocale } from "@/lib/kernel/locales";
import { DEFAULT_KIOSK_CLIENT_ID, KIOSK_CLIENT_ID_PATTERN } from "@/lib/portal-api/kiosk-paths";
import { kioskCookieName, readKioskTokens } from "@/lib/portal-api/kiosk-session";
import "./kiosk.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Kiosk");
  return { title: t("title"), robots: { index: false } };
}

/** Each of the languages offered, by its tag. */
function perLanguage<T>(each: (locale: AppLocale) => T): Record<AppLocale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, each(locale)])) as Record<AppLocale, T>;
}

// /kiosk - the lobby tablet: enrolled once by a volunteer's approval (device flow), then check-in and pickup (docs/decisions/0023),
// under the church's name, with times as the church writes them (its country's clock), in the language of each visit (issue 41):
// the page's own (negotiated like every page's) to begin with, the screen holding every language's words for a family to choose
export default async function KioskPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const asked = (await searchParams).client;
  const clientId = typeof asked === "string" && KIOSK_CLIENT_ID_PATTERN.test(asked) ? asked : await kioskClientForTablet(await database(), DEFAULT_KIOSK_CLIENT_ID);
  const enrolled = await readKioskTokens((await cookies()).get(kioskCookieName())?.value);
  const csrfToken = (await csrfTokenForPage()) ?? "";
  const { name: church, country, logoPath } = await currentChurch();
  const locale = await getLocale();
  if (!enrolled) {
    return (
      <div className="kiosk">
        <KioskEnrol csrfToken={csrfToken} clientId={clientId} churchName={church} logoPath={logoPath} locale={locale} words={kioskEnrolMessages(messagesOf(locale).Kiosk)} />
      </div>
    );
  }
  const words: Record<AppLocale, KioskScreenMessages> = perLanguage((language) => kioskScreenMessages(messagesOf(language).Kiosk));
  const formatLocales = perLanguage((language) => formatLocale(language, country));
  return (
    <div className="kiosk">
      <KioskScreen csrfToken={csrfToken} churchName={church} logoPath={logoPath} locale={locale} words={words} formatLocales={formatLocales} />
    </div>
  );
}
