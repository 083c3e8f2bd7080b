import { describe, expect, it } from "vitest";
import { getAttendanceOrThrow, staffCheckIn, staffCheckOut, undoCheckIn } from "../check-in/attendance.ts";
import { checkInPeople } from "../check-in/check-in-people.ts";
import { listOpenEvents } from "../check-in/list-open-events.ts";
import { listSelfCheckInEvents } from "../check-in/list-self-check-in-events.ts";
import { insertCampus, insertEvent } from "../check-in/test-setup.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { cancelRegistration } from "./cancel-registration.ts";
import { getAdminEventRegistrationsOrThrow } from "./get-admin-event-registrations-or-throw.ts";
import { getEventRegistrationView } from "./get-event-registration-view.ts";
import { getRegistrationSummary } from "./get-registration-summary.ts";
import { registerPeople } from "./register-people.ts";
import { setRegistrationSettings } from "./set-registration-settings.ts";

// One source for each count (issue 38, item 7; docs/decisions/0024, "What each count means"): an event's
// places (sign-ups holding one) and who is here now (check-ins neither undone nor checked out) read the same
// on every surface that shows them, on a database with every migration.
const database = serviceTestDatabase();
const MINUTE = 60_000;

describe("an event's counts", () => {
  it("gives the same places and the same here-now on the event page, the member's sign-up, staff's pages, the kiosk and self check-in", async () => {
    const campus = await insertCampus(database);
    const now = new Date();
    // Starts in 30 minutes: sign-up is still open (it closes at the start) and check-in is open (60 minutes before).
    const event = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 30 * MINUTE), capacity: 3, title: "Harvest supper" });
    await setRegistrationSettings(database, event, { open: true, opens_at: null, closes_at: null, waitlist: true }, now);
    const [ann, bo, cy, di, ed, walkIn, late, later, staff] = await Promise.all(
      ["Ann", "Bo", "Cy", "Di", "Ed", "Wyn", "Lou", "Lee", "Sam"].map((givenName) => insertMember(database, { givenName })),
    );

    // Sign-ups: Ann, Bo and Cy take the three places, Di and Ed wait; Bo cancels and Di moves up.
    for (const person of [ann!, bo!, cy!, di!, ed!]) await registerPeople(database, person.id, event, [person.id], now);
    const boPlace = (await getAdminEventRegistrationsOrThrow(database, event, now)).registrations.find((r) => r.person_id === bo!.id)!;
    await cancelRegistration(database, bo!.id, boPlace.id);

    // Check-ins: Ann, Cy and a walk-in fill the room; Cy goes home, the walk-in's was a mistake, Di comes.
    const annIn = await staffCheckIn(database, staff!.id, event, ann!.id, TEST_CONTEXT);
    const cyIn = await staffCheckIn(database, staff!.id, event, cy!.id, TEST_CONTEXT);
    const walkInIn = await staffCheckIn(database, staff!.id, event, walkIn!.id, TEST_CONTEXT);
    expect((await failure(staffCheckIn(database, staff!.id, event, late!.id, TEST_CONTEXT)))?.description).toBe("Harvest supper is full");
    await staffCheckOut(database, staff!.id, cyIn.id, TEST_CONTEXT);
    await undoCheckIn(database, staff!.id, walkInIn.id);
    await staffCheckIn(database, staff!.id, event, di!.id, TEST_CONTEXT);
    expect(annIn.event_id).toBe(event);

    // Places: 3 of 3 taken (Ann, Cy, Di), Ed in line; the cancelled one and the waitlist hold none. Who
    // came does not change them: Cy checked out and Ed never came, and the places are the same.
    const places = { capacity: 3, registered: 3, spaces_left: 0, waitlisted: 1 };
    const eventPage = await getRegistrationSummary(database, event, now);
    const memberView = await getEventRegistrationView(database, ed!.id, event, now);
    const staffSignUp = await getAdminEventRegistrationsOrThrow(database, event, now);
    expect(eventPage).toMatchObject(places);
    expect(memberView.summary).toEqual(eventPage);
    expect(staffSignUp.summary).toEqual(eventPage);

    // Here now: Ann and Di (Cy checked out, the walk-in undone), 1 more fits; the same on staff's
    // attendance page, the kiosk's list and a member's own check-in list.
    const attendance = await getAttendanceOrThrow(database, event);
    const kiosk = (await listOpenEvents(database, campus, now)).events.find((open) => open.id === event);
    const selfCheckIn = (await listSelfCheckInEvents(database, late!.id, now)).events.find((open) => open.id === event);
    expect(attendance).toMatchObject({ capacity: 3, present: 2, checked_in: 3 });
    expect(kiosk).toMatchObject({ capacity: 3, checked_in: 2 });
    expect(selfCheckIn).toMatchObject({ capacity: 3, checked_in: 2 });

    // And check-in's own capacity check counts the same people: room for exactly one more.
    const twoMore = checkInPeople(database, { items: [late!, later!].map((person) => ({ personId: person.id, eventId: event })), method: "staff", droppedOffBy: null, staffId: staff!.id, context: TEST_CONTEXT, now });
    expect((await failure(twoMore))?.description).toBe("Harvest supper has only 1 place left");
    await staffCheckIn(database, staff!.id, event, late!.id, TEST_CONTEXT);
    expect((await getAttendanceOrThrow(database, event)).present).toBe(3);
    expect((await listOpenEvents(database, campus, now)).events.find((open) => open.id === event)?.checked_in).toBe(3);
    expect((await getRegistrationSummary(database, event, now))?.registered).toBe(3);
  });
});
