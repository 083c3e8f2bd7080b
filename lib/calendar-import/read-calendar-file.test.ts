import ICAL from "ical.js";
import { describe, expect, it } from "vitest";

import { localToInstant } from "../calendar/event-time.ts";
import { expandWithIcalJs, expandWithNodeIcal } from "../calendar/ics-expand.testing.ts";
import { addDays, expandRule } from "../series/recurrence.ts";
import { calendarText, fixedOffsetVtimezone, NEW_YORK_VTIMEZONE, OUTLOOK_EASTERN_VTIMEZONE, vevent } from "./fixtures.testing.ts";
import { CalendarFileError, readCalendarFile, type ReadCalendarOptions, type SourceEvent } from "./read-calendar-file.ts";

/** The window every test reads: the year 2025, in a church in Chicago. */
const OPTIONS: ReadCalendarOptions = { fallbackZone: "America/Chicago", from: new Date("2025-01-01T00:00:00Z"), until: new Date("2026-01-01T00:00:00Z") };

function onlyEvent(text: string, options: ReadCalendarOptions = OPTIONS): SourceEvent {
  const file = readCalendarFile(text, options);
  expect(file.events).toHaveLength(1);
  return file.events[0]!;
}

function startInstant(event: SourceEvent, index: number): string {
  const occurrence = event.occurrences[index]!;
  return localToInstant(occurrence.startDate, occurrence.startTime, event.timezone).toISOString();
}

/** Every date from `first` on, `step` days apart, before `end`. */
function everyNthDay(first: string, step: number, end: string): string[] {
  const dates: string[] = [];
  for (let date = first; date < end; date = addDays(date, step)) dates.push(date);
  return dates;
}

describe("readCalendarFile: a Google export", () => {
  const text = calendarText(
    [
      NEW_YORK_VTIMEZONE,
      vevent(
        "DTSTART;TZID=America/New_York:20250105T100000",
        "DTEND;TZID=America/New_York:20250105T113000",
        "RRULE:FREQ=WEEKLY;BYDAY=SU",
        "EXDATE;TZID=America/New_York:20250420T100000",
        "UID:sunday-service@google.com",
        "SUMMARY:Sunday Service",
        "DESCRIPTION:Worship\\nand coffee after",
        "LOCATION:Main Hall",
        "CATEGORIES:Worship,Sunday",
        "CATEGORIES: Worship ",
        "URL:https://example.org/sunday",
      ),
      // Moved an hour later; Google repeats the master's other properties in an override.
      vevent(
        "DTSTART;TZID=America/New_York:20250615T110000",
        "DTEND;TZID=America/New_York:20250615T123000",
        "RECURRENCE-ID;TZID=America/New_York:20250615T100000",
        "UID:sunday-service@google.com",
        "SUMMARY:Sunday Service",
        "DESCRIPTION:Worship\\nand coffee after",
        "LOCATION:Main Hall",
      ),
      vevent(
        "DTSTART;TZID=America/New_York:20251109T100000",
        "DTEND;TZID=America/New_York:20251109T113000",
        "RECURRENCE-ID;TZID=America/New_York:20251109T100000",
        "UID:sunday-service@google.com",
        "SUMMARY:Sunday Service",
        "DESCRIPTION:Worship\\nand coffee after",
        "LOCATION:Main Hall",
        "STATUS:CANCELLED",
      ),
    ],
    ["CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Grace Church", "X-WR-TIMEZONE:America/New_York"],
  );

  it("keeps the weekly series, its local time across DST, the moved, cancelled and skipped dates", () => {
    const file = readCalendarFile(text, OPTIONS);
    expect(file.name).toBe("Grace Church");
    expect(file.problems).toEqual([]);
    const event = file.events[0]!;
    expect(event).toMatchObject({
      uid: "sunday-service@google.com",
      title: "Sunday Service",
      description: "Worship\nand coffee after",
      location: "Main Hall",
      url: "https://example.org/sunday",
      categories: ["Worship", "Sunday"],
      timezone: "America/New_York",
      allDay: false,
      splitReason: null,
    });
    // Repeats forever: the rule ends on the window's last local date.
    expect(event.rule).toEqual({ frequency: "WEEKLY", interval: 1, weekdays: ["SU"], monthWeek: null, until: "2025-12-31", count: null });

    const dates = event.occurrences.map((occurrence) => occurrence.recurrenceDate);
    expect(dates).toHaveLength(51);
    expect(dates).not.toContain("2025-04-20");
    const ruleDates = expandRule(event.rule!, dates[0]!);
    expect(ruleDates).toEqual([...dates, "2025-04-20"].sort());

    const plain = event.occurrences.filter((occurrence) => !occurrence.changed);
    expect(new Set(plain.map((occurrence) => `${occurrence.startTime}-${occurrence.endTime}`))).toEqual(new Set(["10:00-11:30"]));
    // 10:00 in New York is 15:00 UTC in winter and 14:00 UTC in summer.
    expect(startInstant(event, dates.indexOf("2025-03-02"))).toBe("2025-03-02T15:00:00.000Z");
    expect(startInstant(event, dates.indexOf("2025-03-09"))).toBe("2025-03-09T14:00:00.000Z");
    expect(startInstant(event, dates.indexOf("2025-11-02"))).toBe("2025-11-02T15:00:00.000Z");

    const moved = event.occurrences.find((occurrence) => occurrence.recurrenceDate === "2025-06-15");
    expect(moved).toMatchObject({ startDate: "2025-06-15", startTime: "11:00", endTime: "12:30", changed: true, cancelled: false });
    const cancelled = event.occurrences.find((occurrence) => occurrence.recurrenceDate === "2025-11-09");
    expect(cancelled).toMatchObject({ startTime: "10:00", cancelled: true, changed: false });
    expect(event.occurrences.filter((occurrence) => occurrence.changed || occurrence.cancelled)).toHaveLength(2);
  });

  it("gives the instants ical.js and node-ical themselves give", () => {
    const event = onlyEvent(text);
    const ours = event.occurrences.map((occurrence) => ({ start: localToInstant(occurrence.startDate, occurrence.startTime, event.timezone).getTime(), status: occurrence.cancelled ? "CANCELLED" : "" }));
    // The helpers expand from 1900 to 3000, so they read the series ended with the window: the same dates in it.
    const bounded = text.replace("RRULE:FREQ=WEEKLY;BYDAY=SU", "RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20251231T235959Z");
    expect(onlyEvent(bounded).occurrences).toEqual(event.occurrences);
    for (const expand of [expandWithIcalJs, expandWithNodeIcal]) {
      const theirs = expand(bounded)
        .filter((instance) => instance.start < OPTIONS.until.getTime())
        .map((instance) => ({ start: instance.start, status: instance.status }));
      expect(ours).toEqual(theirs);
    }
  });
});

describe("readCalendarFile: rules", () => {
  const newYork = (...lines: string[]) => calendarText([NEW_YORK_VTIMEZONE, vevent(...lines)]);

  it("keeps a monthly second Tuesday until the source's own end", () => {
    const event = onlyEvent(
      newYork("UID:council", "SUMMARY:Church council", "DTSTART;TZID=America/New_York:20250114T190000", "DTEND;TZID=America/New_York:20250114T203000", "RRULE:FREQ=MONTHLY;BYDAY=2TU;UNTIL=20251231T235959Z"),
    );
    expect(event.rule).toEqual({ frequency: "MONTHLY", interval: 1, weekdays: ["TU"], monthWeek: 2, until: "2025-12-31", count: null });
    const dates = event.occurrences.map((occurrence) => occurrence.recurrenceDate);
    expect(dates).toEqual(["2025-01-14", "2025-02-11", "2025-03-11", "2025-04-08", "2025-05-13", "2025-06-10", "2025-07-08", "2025-08-12", "2025-09-09", "2025-10-14", "2025-11-11", "2025-12-09"]);
    expect(expandRule(event.rule!, dates[0]!)).toEqual(dates);
  });

  it("keeps a last Friday written with BYSETPOS, counting its COUNT", () => {
    const event = onlyEvent(newYork("UID:youth", "SUMMARY:Youth night", "DTSTART;TZID=America/New_York:20250131T180000", "DTEND;TZID=America/New_York:20250131T210000", "RRULE:FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;COUNT=6"));
    expect(event.rule).toEqual({ frequency: "MONTHLY", interval: 1, weekdays: ["FR"], monthWeek: -1, until: null, count: 6 });
    const dates = event.occurrences.map((occurrence) => occurrence.recurrenceDate);
    expect(dates).toEqual(["2025-01-31", "2025-02-28", "2025-03-28", "2025-04-25", "2025-05-30", "2025-06-27"]);
    expect(expandRule(event.rule!, dates[0]!)).toEqual(dates);
  });

  it("starts the rule at the first date in the window, with the count left", () => {
    // 30 Sundays from 1 September 2024: 12 of them in 2025.
    const event = onlyEvent(newYork("UID:class", "SUMMARY:Membership class", "DTSTART;TZID=America/New_York:20240901T090000", "DTEND;TZID=America/New_York:20240901T093000", "RRULE:FREQ=WEEKLY;COUNT=30"));
    expect(event.rule).toEqual({ frequency: "WEEKLY", interval: 1, weekdays: ["SU"], monthWeek: null, until: null, count: 12 });
    const dates = event.occurrences.map((occurrence) => occurrence.recurrenceDate);
    expect(dates[0]).toBe("2025-01-05");
    expect(expandRule(event.rule!, dates[0]!)).toEqual(dates);
  });

  it("keeps every other week on two days when the week start does not matter", () => {
    const event = onlyEvent(newYork("UID:study", "SUMMARY:Bible study", "DTSTART;TZID=America/New_York:20250107T190000", "DTEND;TZID=America/New_York:20250107T200000", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU;COUNT=8"));
    expect(event.rule).toMatchObject({ frequency: "WEEKLY", interval: 2, weekdays: ["TU", "TH"], count: 8 });
  });

  it("splits every other week when its week starts on Sunday and the days straddle it", () => {
    const event = onlyEvent(newYork("UID:rota", "SUMMARY:Rota", "DTSTART;TZID=America/New_York:20250105T100000", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU;COUNT=6"));
    expect(event.rule).toBeNull();
    expect(event.splitReason).toBe("repeats every 2 weeks, counting weeks from Sunday");
    expect(event.occurrences).toHaveLength(6);
  });

  it("splits a daily event into its days", () => {
    const event = onlyEvent(newYork("UID:vbs", "SUMMARY:Vacation Bible School", "DTSTART;TZID=America/New_York:20250707T090000", "DTEND;TZID=America/New_York:20250707T120000", "RRULE:FREQ=DAILY;COUNT=5"));
    expect(event.rule).toBeNull();
    expect(event.splitReason).toBe("repeats daily");
    expect(event.occurrences.map((occurrence) => [occurrence.recurrenceDate, occurrence.startDate, occurrence.startTime])).toEqual([
      ["2025-07-07", "2025-07-07", "09:00"],
      ["2025-07-08", "2025-07-08", "09:00"],
      ["2025-07-09", "2025-07-09", "09:00"],
      ["2025-07-10", "2025-07-10", "09:00"],
      ["2025-07-11", "2025-07-11", "09:00"],
    ]);
  });

  it("splits a day of the month", () => {
    const event = onlyEvent(newYork("UID:pantry", "SUMMARY:Food pantry", "DTSTART;TZID=America/New_York:20250115T100000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3"));
    expect(event.rule).toBeNull();
    expect(event.splitReason).toBe("repeats on the 15th of each month");
    expect(event.occurrences.map((occurrence) => occurrence.startDate)).toEqual(["2025-01-15", "2025-02-15", "2025-03-15"]);
  });

  it("splits an event with extra dates", () => {
    const event = onlyEvent(newYork("UID:extra", "SUMMARY:Prayer", "DTSTART;TZID=America/New_York:20250105T080000", "RRULE:FREQ=WEEKLY;COUNT=2", "RDATE;TZID=America/New_York:20250108T080000"));
    expect(event.rule).toBeNull();
    expect(event.splitReason).toBe("has extra dates added outside its repeating pattern");
    expect(event.occurrences.map((occurrence) => occurrence.recurrenceDate)).toEqual(["2025-01-05", "2025-01-08", "2025-01-12"]);
  });

  it("caps a series at 200 dates and keeps only those", () => {
    const twoYears = { ...OPTIONS, until: new Date("2027-01-01T00:00:00Z") };
    const file = readCalendarFile(newYork("UID:gym", "SUMMARY:Open gym", "DTSTART;TZID=America/New_York:20250106T180000", "DTEND;TZID=America/New_York:20250106T200000", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"), twoYears);
    const event = file.events[0]!;
    // 66 weeks give 198 dates; the 67th week's Monday and Wednesday make 200.
    expect(event.rule).toEqual({ frequency: "WEEKLY", interval: 1, weekdays: ["MO", "WE", "FR"], monthWeek: null, until: "2026-04-15", count: null });
    expect(event.occurrences).toHaveLength(200);
    expect(expandRule(event.rule!, "2025-01-06")).toEqual(event.occurrences.map((occurrence) => occurrence.recurrenceDate));
    expect(file.problems).toEqual([{ uid: "gym", message: '"Open gym" repeats more than 200 times in this range; only its dates up to 15 April 2026 were read.' }]);
  });

  it("ends a rule the day before the window's last local date when that day's date starts after the window", () => {
    // Wednesday 31 December 2025, 19:00 in Chicago, is 01:00 UTC on 1 January: outside the window.
    const event = onlyEvent(calendarText([vevent("UID:choir", "SUMMARY:Choir", "DTSTART;TZID=America/Chicago:20251203T190000", "DTEND;TZID=America/Chicago:20251203T200000", "RRULE:FREQ=WEEKLY")]));
    expect(event.timezone).toBe("America/Chicago");
    expect(event.occurrences.map((occurrence) => occurrence.recurrenceDate)).toEqual(["2025-12-03", "2025-12-10", "2025-12-17", "2025-12-24"]);
    expect(event.rule).toMatchObject({ until: "2025-12-24", count: null });
  });

  it("refuses a rule ical.js would iterate forever, and goes on", () => {
    const file = readCalendarFile(
      calendarText([vevent("UID:never", "SUMMARY:Never", "DTSTART:20250101T100000", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"), vevent("UID:once", "SUMMARY:Once", "DTSTART:20250301T100000")]),
      OPTIONS,
    );
    expect(file.events.map((event) => event.uid)).toEqual(["once"]);
    expect(file.problems).toEqual([{ uid: "never", message: '"Never" repeats in a way that cannot be read; it was skipped.' }]);
  });
});

describe("readCalendarFile: times and zones", () => {
  it("reads a floating time in the church's zone", () => {
    const event = onlyEvent(calendarText([vevent("UID:floating", "SUMMARY:Potluck", "DTSTART:20250310T183000", "DTEND:20250310T200000")]));
    expect(event.timezone).toBe("America/Chicago");
    expect(event.rule).toBeNull();
    expect(event.splitReason).toBeNull();
    expect(event.occurrences).toEqual([
      { recurrenceDate: null, startDate: "2025-03-10", startTime: "18:30", endDate: "2025-03-10", endTime: "20:00", title: "Potluck", description: "", location: null, cancelled: false, changed: false },
    ]);
  });

  it("reads a floating time in the spring-forward gap as RFC 5545 does: an hour later", () => {
    const event = onlyEvent(calendarText([vevent("UID:gap", "SUMMARY:Early prayer", "DTSTART:20250309T023000", "DTEND:20250309T033000")]));
    expect(event.occurrences[0]).toMatchObject({ startDate: "2025-03-09", startTime: "03:30", endTime: "03:30" });
    expect(startInstant(event, 0)).toBe("2025-03-09T08:30:00.000Z");
  });

  it("converts a UTC time to the church's local time", () => {
    const event = onlyEvent(calendarText([vevent("UID:utc", "SUMMARY:Webinar", "DTSTART:20250310T183000Z", "DTEND:20250310T193000Z")]));
    expect(event.timezone).toBe("America/Chicago");
    // Chicago is on daylight time (UTC-5) from 9 March 2025.
    expect(event.occurrences[0]).toMatchObject({ startDate: "2025-03-10", startTime: "13:30", endTime: "14:30" });
  });

  it("reads Outlook's Windows zone through its VTIMEZONE, in the church's zone", () => {
    const event = onlyEvent(
      calendarText([
        OUTLOOK_EASTERN_VTIMEZONE,
        vevent("UID:outlook", "SUMMARY:Staff meeting", "DTSTART;TZID=Eastern Standard Time:20250106T100000", "DTEND;TZID=Eastern Standard Time:20250106T110000", "RRULE:FREQ=WEEKLY;BYDAY=MO;WKST=SU;COUNT=10"),
      ]),
    );
    expect(event.timezone).toBe("America/Chicago");
    expect(event.occurrences[0]).toMatchObject({ startDate: "2025-01-06", startTime: "09:00", endTime: "10:00" });
    expect(startInstant(event, 0)).toBe("2025-01-06T15:00:00.000Z");
    // Across the March change both zones move together: still 09:00 here, 14:00 UTC.
    expect(startInstant(event, 9)).toBe("2025-03-10T14:00:00.000Z");
    expect(event.rule).toEqual({ frequency: "WEEKLY", interval: 1, weekdays: ["MO"], monthWeek: null, until: null, count: 10 });
  });

  it("moves the weekday with the date when the church's zone is a day away", () => {
    // Sunday 01:00 in New York is Saturday 22:00 in Los Angeles.
    const event = onlyEvent(
      calendarText([OUTLOOK_EASTERN_VTIMEZONE, vevent("UID:vigil", "SUMMARY:Vigil", "DTSTART;TZID=Eastern Standard Time:20250105T010000", "DTEND;TZID=Eastern Standard Time:20250105T020000", "RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=4")]),
      { ...OPTIONS, fallbackZone: "America/Los_Angeles" },
    );
    expect(event.occurrences.map((occurrence) => `${occurrence.startDate} ${occurrence.startTime}`)).toEqual(["2025-01-04 22:00", "2025-01-11 22:00", "2025-01-18 22:00", "2025-01-25 22:00"]);
    expect(event.rule).toMatchObject({ weekdays: ["SA"], count: 4 });
  });

  it("reads an all-day event with the source's exclusive end date", () => {
    const file = readCalendarFile(
      calendarText([vevent("UID:retreat", "SUMMARY:Retreat", "DTSTART;VALUE=DATE:20250412", "DTEND;VALUE=DATE:20250414"), vevent("UID:holiday", "SUMMARY:Good Friday", "DTSTART;VALUE=DATE:20250418")]),
      OPTIONS,
    );
    const [retreat, holiday] = file.events;
    expect(retreat).toMatchObject({ uid: "retreat", allDay: true, timezone: "America/Chicago" });
    expect(retreat!.occurrences[0]).toMatchObject({ startDate: "2025-04-12", startTime: "00:00", endDate: "2025-04-14", endTime: "00:00" });
    expect(holiday!.occurrences[0]).toMatchObject({ startDate: "2025-04-18", startTime: "00:00", endDate: "2025-04-19", endTime: "00:00" });
  });

  it("keeps an all-day weekly series", () => {
    const event = onlyEvent(calendarText([vevent("UID:fast", "SUMMARY:Fast day", "DTSTART;VALUE=DATE:20250305", "DTEND;VALUE=DATE:20250306", "RRULE:FREQ=WEEKLY;UNTIL=20250409")]));
    expect(event.rule).toEqual({ frequency: "WEEKLY", interval: 1, weekdays: ["WE"], monthWeek: null, until: "2025-04-09", count: null });
    expect(event.occurrences.map((occurrence) => occurrence.recurrenceDate)).toEqual(everyNthDay("2025-03-05", 7, "2025-04-10"));
  });

  it("does not carry a zone from one file to the next", () => {
    const file = (offset: string) =>
      calendarText([fixedOffsetVtimezone("Church Time", offset), vevent("UID:zone", "SUMMARY:Zone", "DTSTART;TZID=Church Time:20250601T120000", "DTEND;TZID=Church Time:20250601T130000")]);
    const utc = { ...OPTIONS, fallbackZone: "UTC" };
    expect(onlyEvent(file("+0100"), utc).occurrences[0]).toMatchObject({ startTime: "11:00" });
    expect(onlyEvent(file("-0500"), utc).occurrences[0]).toMatchObject({ startTime: "17:00" });
    // A file naming the zone without describing it reads its times in the church's zone, not the last file's.
    const undescribed = readCalendarFile(calendarText([vevent("UID:zone", "SUMMARY:Zone", "DTSTART;TZID=Church Time:20250601T120000")]), utc);
    expect(undescribed.events[0]!.occurrences[0]).toMatchObject({ startTime: "12:00" });
    expect(undescribed.problems).toEqual([{ uid: "zone", message: '"Zone" uses a time zone the file does not describe (Church Time); its times were read in UTC.' }]);
    expect(ICAL.TimezoneService.has("Church Time")).toBe(false);
  });

  it("puts back a zone registered before it", () => {
    const before = ICAL.TimezoneService.has("America/New_York") ? ICAL.TimezoneService.get("America/New_York") : null;
    const mine = new ICAL.Timezone(new ICAL.Component(ICAL.parse(calendarText([NEW_YORK_VTIMEZONE]))).getFirstSubcomponent("vtimezone")!);
    ICAL.TimezoneService.register(mine);
    try {
      readCalendarFile(calendarText([NEW_YORK_VTIMEZONE, vevent("UID:x", "DTSTART;TZID=America/New_York:20250601T120000")]), OPTIONS);
      expect(ICAL.TimezoneService.get("America/New_York")).toBe(mine);
    } finally {
      if (before) ICAL.TimezoneService.register(before);
      else ICAL.TimezoneService.remove("America/New_York");
    }
  });
});

describe("readCalendarFile: overrides", () => {
  it("reads an override without its master as one date of a series", () => {
    const event = onlyEvent(
      calendarText([
        NEW_YORK_VTIMEZONE,
        vevent("UID:shared@google.com", "SUMMARY:Joint service", "RECURRENCE-ID;TZID=America/New_York:20250302T100000", "DTSTART;TZID=America/New_York:20250302T110000", "DTEND;TZID=America/New_York:20250302T120000"),
      ]),
    );
    expect(event).toMatchObject({ uid: "shared@google.com", rule: null, splitReason: null, timezone: "America/New_York" });
    expect(event.occurrences).toEqual([
      { recurrenceDate: "2025-03-02", startDate: "2025-03-02", startTime: "11:00", endDate: "2025-03-02", endTime: "12:00", title: "Joint service", description: "", location: null, cancelled: false, changed: true },
    ]);
  });

  it("relates overrides to the master of their own UID only", () => {
    const file = readCalendarFile(
      calendarText([
        vevent("UID:a", "SUMMARY:A", "DTSTART:20250105T183000", "RRULE:FREQ=WEEKLY;COUNT=3"),
        vevent("UID:b", "SUMMARY:B", "DTSTART:20250105T183000", "RRULE:FREQ=WEEKLY;COUNT=3"),
        vevent("UID:b", "SUMMARY:B moved", "RECURRENCE-ID:20250112T183000", "DTSTART:20250112T200000"),
      ]),
      OPTIONS,
    );
    const [a, b] = file.events;
    expect(a!.occurrences.map((occurrence) => occurrence.title)).toEqual(["A", "A", "A"]);
    expect(b!.occurrences.map((occurrence) => [occurrence.title, occurrence.startTime, occurrence.changed])).toEqual([
      ["B", "18:30", false],
      ["B moved", "20:00", true],
      ["B", "18:30", false],
    ]);
    expect(b!.rule).toMatchObject({ count: 3 });
  });

  it("leaves out an override for a date the rule never gives, and says so", () => {
    const file = readCalendarFile(
      calendarText([
        vevent("UID:a", "SUMMARY:Prayer", "DTSTART:20250105T183000", "RRULE:FREQ=WEEKLY;COUNT=2"),
        vevent("UID:a", "SUMMARY:Prayer", "RECURRENCE-ID:20250107T183000", "DTSTART:20250107T190000"),
      ]),
      OPTIONS,
    );
    expect(file.events[0]!.occurrences.map((occurrence) => occurrence.startDate)).toEqual(["2025-01-05", "2025-01-12"]);
    expect(file.problems).toEqual([{ uid: "a", message: 'A changed date of "Prayer" (7 January 2025) is not one of its repeating dates; it was left out.' }]);
  });

  it("cancels every date of a cancelled master", () => {
    const event = onlyEvent(calendarText([vevent("UID:c", "SUMMARY:Old group", "STATUS:CANCELLED", "DTSTART:20250105T183000", "RRULE:FREQ=WEEKLY;COUNT=2")]));
    expect(event.occurrences.map((occurrence) => occurrence.cancelled)).toEqual([true, true]);
  });
});

describe("readCalendarFile: problems and limits", () => {
  it("skips a VEVENT without UID, without a start, or ending before it starts, and reads the rest", () => {
    const file = readCalendarFile(
      calendarText([
        vevent("SUMMARY:Nameless", "DTSTART:20250301T100000"),
        vevent("UID:nostart", "SUMMARY:Someday"),
        vevent("UID:backwards", "SUMMARY:Backwards", "DTSTART:20250301T100000", "DTEND:20250301T090000"),
        vevent("UID:fine", "SUMMARY:Fine", "DTSTART:20250301T100000"),
      ]),
      OPTIONS,
    );
    expect(file.events.map((event) => event.uid)).toEqual(["fine"]);
    expect(file.problems).toEqual([
      { uid: null, message: '"Nameless" has no UID; it was skipped.' },
      { uid: "nostart", message: '"Someday" has no start date; it was skipped.' },
      { uid: "backwards", message: '"Backwards" ends before it starts; it was skipped.' },
    ]);
  });

  it.each([
    ["an empty text", ""],
    ["plain words", "hello world"],
    ["a web page", "<!doctype html>\n<html><body>Not found</body></html>"],
    ["a contact card", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Pastor\r\nEND:VCARD\r\n"],
  ])("refuses %s as not a calendar", (_, text) => {
    expect(() => readCalendarFile(text, OPTIONS)).toThrow(new CalendarFileError("This file is not a calendar (.ics) file."));
  });

  it("cuts a long title and description and says so", () => {
    const event = readCalendarFile(calendarText([vevent("UID:long", `SUMMARY:${"T".repeat(250)}`, `DESCRIPTION:${"d".repeat(20_050)}`, "DTSTART:20250301T100000")]), OPTIONS);
    expect(event.events[0]!.title).toHaveLength(200);
    expect(event.events[0]!.occurrences[0]!.description).toHaveLength(20_000);
    expect(event.problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining("the title was longer than 200 characters and was cut"),
      expect.stringContaining("the description was longer than 20,000 characters and was cut"),
    ]);
  });

  it("names an untitled event", () => {
    expect(onlyEvent(calendarText([vevent("UID:u", "SUMMARY: ", "DTSTART:20250301T100000")])).title).toBe("Untitled event");
  });

  it("keeps an event with nothing in the window, without occurrences, after the others", () => {
    const file = readCalendarFile(calendarText([vevent("UID:a-past", "SUMMARY:Past", "DTSTART:20240301T100000"), vevent("UID:z-now", "SUMMARY:Now", "DTSTART:20250301T100000")]), OPTIONS);
    expect(file.events.map((event) => [event.uid, event.occurrences.length])).toEqual([
      ["z-now", 1],
      ["a-past", 0],
    ]);
  });

  it("orders events by first start, then UID", () => {
    const file = readCalendarFile(
      calendarText([vevent("UID:c", "DTSTART:20250302T100000"), vevent("UID:b", "DTSTART:20250301T100000"), vevent("UID:a", "DTSTART:20250302T100000")]),
      OPTIONS,
    );
    expect(file.events.map((event) => event.uid)).toEqual(["b", "a", "c"]);
  });

  it("refuses more than 5,000 events", () => {
    const events = Array.from({ length: 5_001 }, (_, index) => vevent(`UID:e${index}`, "DTSTART:20250301T100000"));
    expect(() => readCalendarFile(calendarText(events), OPTIONS)).toThrow(new CalendarFileError("This calendar has more than 5,000 events; import a shorter range."));
  });

  it("refuses more than 20,000 dates", () => {
    const sixtyYears = { ...OPTIONS, from: new Date("1970-01-01T00:00:00Z") };
    const text = calendarText([vevent("UID:daily", "DTSTART:19700101T100000", "RRULE:FREQ=DAILY")]);
    expect(() => readCalendarFile(text, sixtyYears)).toThrow(new CalendarFileError("This calendar has more than 20,000 dates in this range; import a shorter range."));
  });
});
