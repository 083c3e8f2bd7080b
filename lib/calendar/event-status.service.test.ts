import { describe, expect, it } from "vitest";
import { listOpenEvents } from "../check-in/list-open-events.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { failure } from "../db/test-fixtures.ts";
import { changeEventStatus } from "./change-event-status.ts";
import { createCampus } from "./create-campus.ts";
import { createEvent } from "./create-event.ts";
import { getEventOrThrow } from "./get-event-or-throw.ts";
import { getStaffEventOrThrow } from "./get-staff-event-or-throw.ts";
import { listStaffEvents } from "./list-staff-events.ts";
import { listUpcomingEvents } from "./list-upcoming-events.ts";
import { EVENT_STATUSES } from "./schemas.ts";
import { createEventBodySchema } from "./staff-schemas.ts";

// An event's status read off the clock (docs/decisions/0034), asked of every surface at chosen instants
// around midnight and both daylight-saving changes of New York. The instants are written in UTC so that
// they say which hour of local time is meant where a local hour is missing or happens twice.
const database = serviceTestDatabase();
const ZONE = "America/New_York";

async function publishedEvent(title: string, start: { date: string; time: string }, end: { date: string; time: string }, campusId: string) {
  const body = createEventBodySchema.parse({
    title,
    eventType: "SPECIAL_EVENT",
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timezone: ZONE,
    campusId,
    audience: ["members"],
    attendanceModes: ["MANUAL"],
  });
  const event = await createEvent(database, body);
  await changeEventStatus(database, event.eventId, "publish", new Date(Date.UTC(2030, 0, 1)));
  return event.eventId;
}

/** The event's status as each surface tells it at `now`: the feed, the event page, staff's event and staff's list. */
async function statusEverywhere(eventId: string, now: Date) {
  const staff = await getStaffEventOrThrow(database, eventId, now);
  const inFeed = (await listUpcomingEvents(database, { limit: 100 }, now)).items.find((event) => event.eventId === eventId);
  const page = await getEventOrThrow(database, eventId, now);
  const listed = [];
  for (const status of EVENT_STATUSES) {
    const found = await listStaffEvents(database, { q: staff.title, status, page: 1, per: 50, sort: "startAt" }, now);
    if (found.items.some((event) => event.eventId === eventId)) listed.push(status);
  }
  return { staff: staff.status, feed: inFeed?.status ?? "not in the feed", page: page.event.status, staffListFilter: listed };
}

const everywhere = (status: string, feed = status) => ({ staff: status, feed, page: status, staffListFilter: [status] });

describe("an event's status, read off the clock", () => {
  it("runs across midnight: scheduled before its start, happening to its end, completed after it", async () => {
    const campus = await createCampus(database, "Watch Night Campus", ZONE);
    // 22:00 on New Year's Eve to 01:00 (EST, UTC−5): 03:00Z to 06:00Z.
    const id = await publishedEvent("Watch Night Service", { date: "2030-12-31", time: "22:00" }, { date: "2031-01-01", time: "01:00" }, campus.id);
    expect(await statusEverywhere(id, new Date("2031-01-01T02:59:59.999Z"))).toEqual(everywhere("SCHEDULED"));
    expect(await statusEverywhere(id, new Date("2031-01-01T03:00:00Z"))).toEqual(everywhere("ACTIVE"));
    expect(await statusEverywhere(id, new Date("2031-01-01T04:59:59.999Z"))).toEqual(everywhere("ACTIVE"));
    // Local midnight: a new date, the same event still running.
    expect(await statusEverywhere(id, new Date("2031-01-01T05:00:00Z"))).toEqual(everywhere("ACTIVE"));
    // Its end is still "now or later" (decisions.md 4): the feed keeps it, running, to the millisecond.
    expect(await statusEverywhere(id, new Date("2031-01-01T06:00:00Z"))).toEqual(everywhere("ACTIVE"));
    expect(await statusEverywhere(id, new Date("2031-01-01T06:00:00.001Z"))).toEqual(everywhere("COMPLETED", "not in the feed"));

    // The kiosk opens it by the clock alone, and keeps it for pickup, closed, once it has ended.
    const kiosk = async (at: string) => (await listOpenEvents(database, campus.id, new Date(at))).events.find((event) => event.id === id)?.check_in_open;
    expect(await kiosk("2031-01-01T05:30:00Z")).toBe(true);
    expect(await kiosk("2031-01-01T06:00:00Z")).toBeUndefined();
  });

  it("counts real hours across the spring change, where 02:00 to 03:00 does not happen", async () => {
    const campus = await createCampus(database, "Spring Campus", ZONE);
    // 01:00 EST (06:00Z) to 04:00 EDT (08:00Z): two hours, not three.
    const id = await publishedEvent("Early Prayer", { date: "2030-03-10", time: "01:00" }, { date: "2030-03-10", time: "04:00" }, campus.id);
    expect(await statusEverywhere(id, new Date("2030-03-10T08:00:00Z"))).toEqual(everywhere("ACTIVE"));
    expect(await statusEverywhere(id, new Date("2030-03-10T08:00:00.001Z"))).toEqual(everywhere("COMPLETED", "not in the feed"));
  });

  it("ends at the first 01:30 of the autumn change, not the second", async () => {
    const campus = await createCampus(database, "Autumn Campus", ZONE);
    // 00:30 EDT (04:30Z) to the first 01:30, EDT (05:30Z); the clock reads 01:00 again at 06:00Z.
    const id = await publishedEvent("Night Vigil", { date: "2030-11-03", time: "00:30" }, { date: "2030-11-03", time: "01:30" }, campus.id);
    expect(await statusEverywhere(id, new Date("2030-11-03T05:30:00Z"))).toEqual(everywhere("ACTIVE"));
    expect(await statusEverywhere(id, new Date("2030-11-03T06:00:00Z"))).toEqual(everywhere("COMPLETED", "not in the feed"));
  });

  it("lets staff cancel an event while it runs but not once it is over; a cancelled event stays cancelled", async () => {
    const campus = await createCampus(database, "Decision Campus", ZONE);
    const running = await publishedEvent("Food Drive", { date: "2030-06-01", time: "09:00" }, { date: "2030-06-01", time: "17:00" }, campus.id);
    const over = await publishedEvent("Breakfast", { date: "2030-06-01", time: "07:00" }, { date: "2030-06-01", time: "08:00" }, campus.id);
    const noon = new Date("2030-06-01T16:00:00Z");
    expect((await failure(changeEventStatus(database, over, "cancel", noon)))?.description).toBe("a COMPLETED event cannot be cancelled");
    expect((await failure(changeEventStatus(database, over, "postpone", noon)))?.description).toBe("a COMPLETED event cannot be postponed");
    expect((await changeEventStatus(database, running, "cancel", noon)).status).toBe("CANCELLED");
    expect(await statusEverywhere(running, new Date("2030-06-02T00:00:00Z"))).toEqual(everywhere("CANCELLED", "not in the feed"));
    // Publishing what is already on the calendar answers it as it is now.
    expect((await changeEventStatus(database, over, "publish", noon)).status).toBe("COMPLETED");
  });

  it("is never stored: the database refuses ACTIVE and COMPLETED", async () => {
    const campus = await createCampus(database, "Constraint Campus", ZONE);
    const id = await publishedEvent("Choir", { date: "2030-07-01", time: "18:00" }, { date: "2030-07-01", time: "19:00" }, campus.id);
    for (const status of ["ACTIVE", "COMPLETED"]) {
      await expect(database.query(`UPDATE event SET status = $1::"EventStatus" WHERE id = $2`, [status, id])).rejects.toThrow(/event_status_is_a_decision/);
    }
  });
});
