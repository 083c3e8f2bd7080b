/**
 * The one count of an event's places (docs/decisions/0024, "What each count means"): a sign-up with status
 * `registered` holds a place against the event's capacity; one on the waitlist or cancelled holds none. Every
 * surface that shows places reads them through `readRegistrationEvent` and `summaryOf`: the event's page, a
 * member's sign-up, staff's sign-up section and attendance page. `eventId` is SQL for the event's id ("e.id").
 */
export function placesTakenSql(eventId: string): string {
  return `(SELECT count(*)::int FROM event_registration pl WHERE pl.event_id = ${eventId} AND pl.status = 'registered')`;
}

/** How many wait in line for a place: sign-ups with status `waitlisted`. */
export function waitlistedSql(eventId: string): string {
  return `(SELECT count(*)::int FROM event_registration wl WHERE wl.event_id = ${eventId} AND wl.status = 'waitlisted')`;
}
