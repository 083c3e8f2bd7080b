/**
 * The one count of who is at an event now (docs/decisions/0024, "What each count means"): a check-in that
 * was neither undone nor checked out. Staff's attendance page, the kiosk's list of open events and a
 * member's own check-in list read it here; check-in's capacity check counts by the same rule.
 */

/** Whether the check-in `checkIn` (an SQL alias of `check_in`) is someone present now. */
export function isPresentSql(checkIn: string): string {
  return `${checkIn}.undone_at IS NULL AND ${checkIn}.checked_out_at IS NULL`;
}

/** How many are present at the event whose id is the SQL `eventId` ("e.id"), an int. */
export function presentCountSql(eventId: string): string {
  return `(SELECT count(*)::int FROM check_in hn WHERE hn.event_id = ${eventId} AND ${isPresentSql("hn")})`;
}
