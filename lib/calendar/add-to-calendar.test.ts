import { describe, expect, it } from "vitest";
import { addToCalendarLinks } from "./add-to-calendar.ts";

const event = {
  eventId: "evt_camp",
  title: "Youth camp & games",
  url: "/calendar/youth-camp",
  startDate: "2027-03-27",
  startTime: "18:30",
  endDate: "2027-03-28",
  endTime: "12:00",
  timezone: "Europe/London",
  location: { name: "Hall", address: "1 High St, Leeds" },
};

describe("add-to-calendar links", () => {
  it("gives Google and Outlook the UTC instants across a DST change, and Apple the event's own .ics", () => {
    const links = addToCalendarLinks(event, "https://church.example");
    const google = new URL(links.google);
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    // 18:30 GMT on the 27th; 12:00 BST (11:00 UTC) on the 28th, after the clocks went forward.
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Youth camp & games",
      dates: "20270327T183000Z/20270328T110000Z",
      details: "https://church.example/calendar/youth-camp",
      location: "Hall, 1 High St, Leeds",
      ctz: "Europe/London",
    });
    const outlook = new URL(links.outlook);
    expect(outlook.origin + outlook.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
    expect(Object.fromEntries(outlook.searchParams)).toEqual({
      path: "/calendar/action/compose",
      rru: "addevent",
      subject: "Youth camp & games",
      startdt: "2027-03-27T18:30:00Z",
      enddt: "2027-03-28T11:00:00Z",
      body: "https://church.example/calendar/youth-camp",
      location: "Hall, 1 High St, Leeds",
    });
    expect(links.apple).toBe("/api/calendar/events/evt_camp/calendar.ics");
  });

  it("never ends before it starts, leaves out an unknown place, and keeps the details link on this site", () => {
    const links = addToCalendarLinks({ ...event, endDate: "2027-03-27", endTime: "18:30", location: undefined, url: "https://evil.example/x" }, "https://church.example");
    const google = new URL(links.google).searchParams;
    expect(google.get("dates")).toBe("20270327T183000Z/20270327T183000Z");
    expect(google.has("location")).toBe(false);
    expect(google.get("details")).toBe("https://church.example/calendar");
    expect(new URL(links.outlook).searchParams.has("location")).toBe(false);
  });
});
