/**
 * Instants from the API in the member's own time zone, as words, with the exact instant in `dateTime`
 * for machines. Only ever rendered in the browser (account data is fetched there), so the server's time
 * zone never shows.
 */
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
const DAY_AND_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "November 21, 2026" */
export function LocalDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DAY.format(new Date(iso))}</time>;
}

/** "Nov 21, 2026, 3:04 PM" */
export function LocalDateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DAY_AND_TIME.format(new Date(iso))}</time>;
}
