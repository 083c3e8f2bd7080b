/**
 * Test support only (vitest and the Playwright API specs import it; no route does): a served iCalendar text
 * read back by two independent parsers from npm, Mozilla's ical.js and node-ical, each expanding the
 * recurrences itself (docs/decisions/0026). Every instance comes out as the same plain shape, so a test
 * compares the two with each other and with the JSON feed.
 */
import ICAL from "ical.js";
import nodeIcal from "node-ical";

export interface ExpandedInstance {
  /** The UID and, for an occurrence of a series, its RECURRENCE-ID as an instant: `<uid>|<ms>` or `<uid>|`. */
  key: string;
  start: number;
  end: number;
  summary: string;
  status: string;
}

const FAR = { from: new Date("1900-01-01T00:00:00Z"), to: new Date("3000-01-01T00:00:00Z") };

function sorted(instances: ExpandedInstance[]): ExpandedInstance[] {
  return instances.sort((a, b) => a.start - b.start || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Mozilla ical.js: VTIMEZONEs registered, exceptions related to their master by UID, each rule iterated to its
 * end. `new ICAL.Event(master)` alone would relate every RECURRENCE-ID VEVENT of the calendar to it, whatever
 * its UID, keyed by local time: two series with an override at the same local time (18:30 in London and in
 * New York) would take each other's. So a master is made with no exceptions and strict UIDs, and each
 * exception is related to the master of its UID, as RFC 5545 3.8.4.4 reads and calendar apps do (they keep
 * one UID per object).
 */
export function expandWithIcalJs(text: string): ExpandedInstance[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const masters = new Map<string, InstanceType<typeof ICAL.Event>>();
  const exceptions: InstanceType<typeof ICAL.Event>[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    if (component.hasProperty("recurrence-id")) exceptions.push(new ICAL.Event(component));
    else {
      const master = new ICAL.Event(component, { strictExceptions: true, exceptions: [] });
      masters.set(master.uid, master);
    }
  }
  for (const exception of exceptions) {
    const master = masters.get(exception.uid);
    if (!master) throw new Error(`RECURRENCE-ID without its master: ${exception.uid}`);
    master.relateException(exception);
  }
  const out: ExpandedInstance[] = [];
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      out.push({ key: `${event.uid}|`, start: event.startDate.toJSDate().getTime(), end: (event.endDate ?? event.startDate).toJSDate().getTime(), summary: event.summary, status: String(event.component.getFirstPropertyValue("status") ?? "") });
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(), guard = 0; next && guard < 1000; next = iterator.next(), guard += 1) {
      const details = event.getOccurrenceDetails(next);
      out.push({
        key: `${event.uid}|${details.recurrenceId.toJSDate().getTime()}`,
        start: details.startDate.toJSDate().getTime(),
        end: details.endDate.toJSDate().getTime(),
        summary: details.item.summary,
        status: String(details.item.component.getFirstPropertyValue("status") ?? ""),
      });
    }
  }
  return sorted(out);
}

/** node-ical: its own parse and its `expandRecurringEvent` (rrule.js, EXDATE, RECURRENCE-ID overrides). */
export function expandWithNodeIcal(text: string): ExpandedInstance[] {
  const parsed = nodeIcal.sync.parseICS(text);
  const out: ExpandedInstance[] = [];
  for (const component of Object.values(parsed)) {
    if (!component || component.type !== "VEVENT") continue;
    const event = component;
    const summaryOf = (value: unknown) => (typeof value === "string" ? value : String((value as { val?: unknown })?.val ?? ""));
    if (!event.rrule) {
      out.push({ key: `${event.uid}|`, start: event.start.getTime(), end: (event.end ?? event.start).getTime(), summary: summaryOf(event.summary), status: String(event.status ?? "") });
      continue;
    }
    for (const instance of nodeIcal.expandRecurringEvent(event, FAR)) {
      const recurrenceId = instance.isOverride && instance.event.recurrenceid ? instance.event.recurrenceid : instance.start;
      out.push({
        key: `${event.uid}|${new Date(recurrenceId).getTime()}`,
        start: instance.start.getTime(),
        end: instance.end.getTime(),
        summary: summaryOf(instance.summary),
        status: String(instance.event.status ?? ""),
      });
    }
  }
  return sorted(out);
}
