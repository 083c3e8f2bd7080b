import { describe, expect, it } from "vitest";
import { matchCalendarGet } from "./calendar-fast-path.ts";

describe("matchCalendarGet", () => {
  it("matches the feed, its .ics, an event's detail and .ics, query strings included", () => {
    expect(matchCalendarGet("/api/calendar/events/upcoming")).toEqual({ route: "upcoming", params: {} });
    expect(matchCalendarGet("/api/calendar/events/upcoming?limit=5&cursor=abc")).toEqual({ route: "upcoming", params: {} });
    expect(matchCalendarGet("/api/calendar/events/upcoming.ics?type=SERVICE")).toEqual({ route: "upcomingIcs", params: {} });
    expect(matchCalendarGet("/api/calendar/events/evt_01ABC")).toEqual({ route: "event", params: { eventId: "evt_01ABC" } });
    expect(matchCalendarGet("/api/calendar/events/easter-sunday?x=1")).toEqual({ route: "event", params: { eventId: "easter-sunday" } });
    expect(matchCalendarGet("/api/calendar/events/evt_01ABC/calendar.ics")).toEqual({ route: "eventIcs", params: { eventId: "evt_01ABC" } });
  });

  it("leaves to Next whatever Next could route differently: escapes, dot segments, trailing slashes, other paths", () => {
    for (const target of [
      "/api/calendar/events",
      "/api/calendar/events/",
      "/api/calendar/events/upcoming/",
      "/api/calendar/events/upcoming.ics/",
      "/api/calendar/events/evt%5F01ABC",
      "/api/calendar/events/a%2Fb",
      "/api/calendar/events/..",
      "/api/calendar/events/.",
      "/api/calendar/events/evt_1/",
      "/api/calendar/events/evt_1/other",
      "/api/calendar/events/evt_1/calendar.ics/",
      "/api/calendar/events/upcoming/calendar.ics",
      "/api/calendar/events/upcoming.ics/calendar.ics",
      "/api/calendar/events//calendar.ics",
      "/api/calendar/events/a b",
      "/api/calendar/mine/feed.ics",
      "/api/calendar/events/UPCOMING/../upcoming",
      "//api/calendar/events/upcoming",
      "/api/v1/events",
    ]) {
      expect(matchCalendarGet(target), target).toBeNull();
    }
  });
});
