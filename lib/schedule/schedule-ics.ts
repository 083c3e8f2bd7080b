import "server-only";
import { localToInstant } from "../calendar/event-time.ts";
import { buildIcsCalendar, type IcsSeriesIndex } from "../calendar/ics.ts";
import type { CalendarEvent } from "../calendar/schemas.ts";
import type { Registration } from "../registrations/schemas.ts";
import type { Schedule } from "./schemas.ts";

/**
 * The schedule as one calendar for subscribing apps (docs/decisions/0025), written by the calendar's own
 * serializer (lib/calendar/ics.ts): every event of the page, soonest first, each once. An event someone of
 * the household signed up for says who in its title, since a phone shows little else: "Family camp (Amy,
 * Ben on the waitlist, number 2)". Nothing else of the household is in it.
 */
export function scheduleEvents(schedule: Schedule): CalendarEvent[] {
  const registered = schedule.registered.map(({ event, registrations }) => ({ ...event, title: `${event.title} (${whoOf(registrations)})` }));
  const all = [...registered, ...schedule.suggested.map(({ event }) => event)];
  return all.sort((a, b) => startOf(a) - startOf(b) || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
}

/** "Amy, Ben", then "Cara on the waitlist, number 2" for each waiting. */
export function whoOf(registrations: readonly Registration[]): string {
  const placed = registrations.filter((r) => r.status === "registered").map((r) => r.given_name);
  const waiting = registrations.filter((r) => r.status === "waitlisted").map((r) => `${r.given_name} on the waitlist, number ${r.waitlist_position ?? "?"}`);
  return [...(placed.length > 0 ? [placed.join(", ")] : []), ...waiting].join("; ");
}

/** The start instant, as the feed orders by it; an event whose time cannot be read sorts last (the serializer drops it). */
function startOf(event: CalendarEvent): number {
  try {
    return localToInstant(event.startDate, event.startTime, event.timezone).getTime();
  } catch {
    return Number.MAX_SAFE_INTEGER;
  }
}

export function buildScheduleIcs(schedule: Schedule, options: { name: string; baseUrl: string; series?: IcsSeriesIndex }): string {
  return buildIcsCalendar(scheduleEvents(schedule), { name: options.name, baseUrl: options.baseUrl, description: "Your household's sign-ups and the events for your household", refreshIntervalMinutes: 60, series: options.series });
}
