/**
 * When check-in is open (docs/decisions/0023): from an hour before an event starts until it ends. Pure, so
 * pages can say "opens at 9:00" with the same rule the services keep.
 */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 60;

export function checkInWindow(event: { startAt: Date; endAt: Date }): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(event.startAt.getTime() - CHECK_IN_OPENS_MINUTES_BEFORE * 60_000), closesAt: event.endAt };
}

export function isCheckInOpen(event: { startAt: Date; endAt: Date }, now: Date): boolean {
  const { opensAt, closesAt } = checkInWindow(event);
  return opensAt.getTime() <= now.getTime() && now.getTime() < closesAt.getTime();
}
