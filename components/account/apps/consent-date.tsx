/**
 * A day from the API (an ISO instant) in the member's own time zone, as words ("November 21, 2026"),
 * with the exact instant in `dateTime` for machines. Only ever rendered in the browser (the apps list is
 * fetched there), so the server's time zone never shows.
 */
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

export function ConsentDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DAY.format(new Date(iso))}</time>;
}
