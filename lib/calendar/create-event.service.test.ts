import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { failure } from "../db/test-fixtures.ts";
import { readCalendarVersion } from "./calendar-version.ts";
import { changeEventStatus } from "./change-event-status.ts";
import { createCampus } from "./create-campus.ts";
import { createEvent } from "./create-event.ts";
import { createMinistry } from "./create-ministry.ts";
import { getEventOrThrow } from "./get-event-or-throw.ts";
import { getStaffEventOrThrow } from "./get-staff-event-or-throw.ts";
import { listCampuses } from "./list-campuses.ts";
import { listFilterOptions } from "./list-filter-options.ts";
import { listMinistries } from "./list-ministries.ts";
import { listStaffEvents } from "./list-staff-events.ts";
import { listUpcomingEvents } from "./list-upcoming-events.ts";
import { createEventBodySchema } from "./staff-schemas.ts";
import { updateEvent } from "./update-event.ts";

// Staff's event tools and the public feed on a database with every migration (docs/decisions/0019).
const database = serviceTestDatabase();

describe("staff's event tools", () => {
  it("make places and a draft, edit and publish it, and the public feed and its version follow", async () => {
    const before = await readCalendarVersion(database);
    const ministry = await createMinistry(database, "Worship");
    const campus = await createCampus(database, "Lakeshore", "America/Chicago");
    expect(ministry).toEqual({ id: expect.stringMatching(/^min_[0-9a-z]{10}$/), name: "Worship", event_count: 0, created_at: expect.stringMatching(/Z$/) });

    const body = createEventBodySchema.parse({
      title: "Easter Sunday Service",
      eventType: "SERVICE",
      startDate: "2999-04-01",
      startTime: "10:00",
      endDate: "2999-04-01",
      endTime: "11:30",
      timezone: "America/Chicago",
      ministryId: ministry.id,
      campusId: campus.id,
      audience: ["members"],
    });
    const draft = await createEvent(database, body);
    expect(draft).toMatchObject({ eventId: expect.stringMatching(/^evt_/), slug: "easter-sunday-service-2999-04-01", status: "DRAFT", startTime: "10:00" });
    expect((await createEvent(database, body)).slug).toBe("easter-sunday-service-2999-04-01-2");
    expect((await failure(createEvent(database, { ...body, slug: "easter-sunday-service-2999-04-01" })))?.description).toBe("slug: another event already uses this address");
    expect((await failure(createEvent(database, { ...body, campusId: "cmp_nothere" })))?.description).toBe("campusId: no such campus");
    await expect(getEventOrThrow(database, draft.slug)).rejects.toMatchObject({ statusCode: 404 });

    const edited = await updateEvent(database, draft.eventId, { startTime: "09:00", location: { name: "Main hall", address: "1 Lake Rd" } });
    expect(edited).toMatchObject({ startTime: "09:00", endTime: "11:30", location: expect.objectContaining({ name: "Main hall" }) });
    expect(await database.prisma.event.findUniqueOrThrow({ where: { id: draft.eventId }, select: { startAt: true } })).toEqual({ startAt: new Date("2999-04-01T14:00:00Z") });
    expect((await failure(changeEventStatus(database, draft.eventId, "cancel")))?.description).toBe("a DRAFT event cannot be cancelled");
    const published = await changeEventStatus(database, draft.eventId, "publish");
    expect(published.status).toBe("SCHEDULED");
    expect(await changeEventStatus(database, draft.eventId, "publish")).toEqual(published);

    expect(await getStaffEventOrThrow(database, draft.slug)).toEqual(published);
    expect((await getEventOrThrow(database, draft.eventId)).event).toEqual(published);
    const feed = await listUpcomingEvents(database, { ministryId: ministry.id, limit: 10 }, new Date("2026-01-01T00:00:00Z"));
    expect(feed).toEqual({ items: [published], nextCursor: null });
    expect(await listFilterOptions(database)).toEqual({ campuses: [{ id: campus.id, name: "Lakeshore" }], ministries: [{ id: ministry.id, name: "Worship" }], audiences: ["members"] });
    expect(await readCalendarVersion(database)).not.toBe(before);

    const drafts = await listStaffEvents(database, { page: 1, per: 20, sort: "-createdAt", status: "DRAFT" });
    expect(drafts.metadata.total).toBe(1);
    expect((await listStaffEvents(database, { page: 1, per: 20, sort: "title", q: "easter", from: "2999-04-01" })).metadata.total).toBe(2);
    expect((await listMinistries(database, { page: 1, per: 20, sort: "name" })).items).toEqual([{ ...ministry, event_count: 2 }]);
    expect((await listCampuses(database, { page: 1, per: 20, sort: "-createdAt", q: "lake" })).items).toEqual([{ ...campus, event_count: 2 }]);
  });
});
