import { useLocale } from "next-intl";

/**
 * Instants from the API in the member's own time zone, as words in the page's language, with the exact
 * instant in `dateTime` for machines. Only ever rendered in the browser (account data is fetched there), so
 * the server's time zone never shows.
 */
const FORMATS = new Map<string, { day: Intl.DateTimeFormat; dayAndTime: Intl.DateTimeFormat }>();

function formatsOf(locale: string) {
  let formats = FORMATS.get(locale);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat(locale, { dateStyle: "long" }),
      dayAndTime: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    };
    FORMATS.set(locale, formats);
  }
  return formats;
}

/** "November 21, 2026" (English), "21 de noviembre de 2026" (Spanish) */
export function LocalDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatsOf(useLocale()).day.format(new Date(iso))}</time>;
}

/** "Nov 21, 2026, 3:04 PM" (English), "21 nov 2026, 15:04" (Spanish) */
export function LocalDateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatsOf(useLocale()).dayAndTime.format(new Date(iso))}</time>;
}

/** What LocalDateTime shows, as a string for a sentence ("Your account will be deleted on {date}."). */
export function localDateTimeWords(iso: string, locale: string): string {
  return formatsOf(locale).dayAndTime.format(new Date(iso));
}
