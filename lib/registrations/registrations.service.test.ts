import { describe, expect, it } from "vitest";
import { insertCampus, insertEvent } from "../check-in/test-setup.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { failure, insertMember } from "../db/test-fixtures.ts";
import { cancelRegistration } from "./cancel-registration.ts";
import { getAdminEventRegistrationsOrThrow } from "./get-admin-event-registrations-or-throw.ts";
import { getEventRegistrationView } from "./get-event-registration-view.ts";
import { listMyRegistrations } from "./list-my-registrations.ts";
import { registerPeople } from "./register-people.ts";
import { registrationState } from "./registration-window.ts";
import { setRegistrationSettings } from "./set-registration-settings.ts";

// Sign-up's rules (docs/decisions/0024) on a database with every migration.
const database = serviceTestDatabase();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Two adults and two children (Amy has no email of her own); and a stranger. */
async function household() {
  const family = await database.prisma.family.create({ data: { name: "The Okafors", codeHash: `h-${crypto.randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
  const [mum, dad, amy, ben] = await Promise.all([
    insertMember(database, { givenName: "Ngozi" }),
    insertMember(database, { givenName: "Emeka" }),
    insertMember(database, { givenName: "Amy", email: null, password: false }),
    insertMember(database, { givenName: "Ben", email: null, password: false }),
  ]);
  await database.prisma.familyMember.createMany({
    data: [
      { familyId: family.id, userId: mum.id, role: "adult" },
      { familyId: family.id, userId: dad.id, role: "adult" },
      { familyId: family.id, userId: amy.id, role: "child" },
      { familyId: family.id, userId: ben.id, role: "child" },
    ],
  });
  return { mum, dad, amy: amy.id, ben: ben.id };
}

async function signUpEvent(fields: { capacity?: number | null; waitlist?: boolean; startsInDays?: number } = {}) {
  const id = await insertEvent(database, { campusId: await insertCampus(database), startAt: new Date(Date.now() + (fields.startsInDays ?? 7) * DAY), capacity: fields.capacity ?? null, title: "Family camp" });
  await setRegistrationSettings(database, id, { open: true, opens_at: null, closes_at: null, waitlist: fields.waitlist ?? false });
  return id;
}

describe("event sign-up", () => {
  it("signs a member and their children up within capacity, waitlists the rest, and gives a freed place to the first in line", async () => {
    const { mum, dad, amy, ben } = await household();
    const stranger = await insertMember(database, { givenName: "Sol" });
    const event = await signUpEvent({ capacity: 3 });

    const first = await registerPeople(database, mum.id, event, [mum.id, amy]);
    expect(first.map((r) => [r.given_name, r.status, r.registered_by])).toEqual([["Ngozi", "registered", mum.id], ["Amy", "registered", mum.id]]);
    const view = await getEventRegistrationView(database, dad.id, event);
    expect(view.summary).toMatchObject({ state: "open", capacity: 3, registered: 2, spaces_left: 1, waitlist: false });
    expect(view.people.map((p) => [p.given_name, p.relation, p.registration?.status ?? null])).toEqual([["Emeka", "self", null], ["Amy", "child", "registered"], ["Ben", "child", null]]);

    // Only oneself and one's household's children; never twice; a group that does not fit is refused whole.
    expect((await failure(registerPeople(database, mum.id, event, [dad.id])))?.description).toBe("person_ids: each must be you or a child of your household");
    expect((await failure(registerPeople(database, stranger.id, event, [ben])))?.code).toBe("invalid_request");
    expect((await failure(registerPeople(database, dad.id, event, [amy])))?.description).toBe("Amy is already signed up for Family camp");
    expect((await failure(registerPeople(database, dad.id, event, [dad.id, ben])))?.description).toBe("Family camp has only 1 place left");
    expect((await getAdminEventRegistrationsOrThrow(database, event)).registrations).toHaveLength(2);

    // With a waitlist: who fits gets a place, in the order given; the rest wait in line.
    await setRegistrationSettings(database, event, { open: true, opens_at: null, closes_at: null, waitlist: true });
    const second = await registerPeople(database, dad.id, event, [dad.id, ben]);
    expect(second.map((r) => [r.given_name, r.status, r.waitlist_position])).toEqual([["Emeka", "registered", null], ["Ben", "waitlisted", 1]]);
    const third = await registerPeople(database, stranger.id, event, [stranger.id]);
    expect(third.map((r) => [r.status, r.waitlist_position])).toEqual([["waitlisted", 2]]);
    expect((await failure(registerPeople(database, stranger.id, event, [stranger.id])))?.description).toBe("Sol is already on the waitlist for Family camp");

    // Only the person, whoever signed them up, or their adult may cancel.
    const ngozi = first[0]!;
    expect((await failure(cancelRegistration(database, stranger.id, ngozi.id)))?.code).toBe("not_found");
    expect((await failure(cancelRegistration(database, dad.id, ngozi.id)))?.code).toBe("not_found");
    expect((await failure(cancelRegistration(database, mum.id, "not-a-uuid")))?.code).toBe("not_found");
    expect(await cancelRegistration(database, mum.id, ngozi.id)).toMatchObject({ status: "cancelled", waitlist_position: null });
    expect(await cancelRegistration(database, mum.id, ngozi.id)).toMatchObject({ status: "cancelled" });

    // Ben (no address of his own) got the place: his father, who signed him up, is told; Sol is first in line now.
    const mine = await listMyRegistrations(database, dad.id);
    expect(mine.registrations.map((r) => [r.given_name, r.status])).toEqual([["Amy", "registered"], ["Emeka", "registered"], ["Ben", "registered"]]);
    expect(mine.registrations[2]!.promoted_at).not.toBeNull();
    const [sent] = await database.query<{ recipient: string; subject: string; body: string }>(`SELECT recipient, subject, body FROM outbox_message WHERE recipient = $1`, [dad.email]);
    expect(sent?.subject).toMatch(/^A place at Family camp/);
    expect(sent?.body).toContain("Ben has a place at Family camp");
    expect((await listMyRegistrations(database, stranger.id)).registrations.map((r) => [r.status, r.waitlist_position])).toEqual([["waitlisted", 1]]);

    // A child cancelled by the other parent frees a place for Sol, told at their own address.
    await cancelRegistration(database, dad.id, first[1]!.id);
    expect((await listMyRegistrations(database, stranger.id)).registrations.map((r) => r.status)).toEqual(["registered"]);
    expect(await database.query(`SELECT 1 FROM outbox_message WHERE recipient = $1`, [stranger.email])).toHaveLength(1);
    expect((await getAdminEventRegistrationsOrThrow(database, event)).summary).toMatchObject({ registered: 3, spaces_left: 0, waitlisted: 0 });
  });

  it("keeps to the sign-up window and to events members may see", async () => {
    const { mum } = await household();
    const now = new Date();
    const event = await signUpEvent({ capacity: null });
    await setRegistrationSettings(database, event, { open: true, opens_at: new Date(now.getTime() + DAY).toISOString(), closes_at: null, waitlist: false });
    expect((await failure(registerPeople(database, mum.id, event, [mum.id])))?.description).toBe("sign-up for Family camp is not open yet");
    await setRegistrationSettings(database, event, { open: true, opens_at: null, closes_at: new Date(now.getTime() - MINUTE).toISOString(), waitlist: false });
    expect((await failure(registerPeople(database, mum.id, event, [mum.id])))?.description).toBe("sign-up for Family camp has closed");
    await setRegistrationSettings(database, event, { open: false, opens_at: null, closes_at: null, waitlist: false });
    expect((await failure(registerPeople(database, mum.id, event, [mum.id])))?.description).toBe("Family camp does not take sign-up here");
    await setRegistrationSettings(database, event, { open: true, opens_at: null, closes_at: null, waitlist: false });
    await database.query(`UPDATE event SET status = 'CANCELLED' WHERE id = $1`, [event]);
    expect((await failure(registerPeople(database, mum.id, event, [mum.id])))?.description).toBe("sign-up for Family camp has closed");
    await database.query(`UPDATE event SET status = 'SCHEDULED', visibility = 'private' WHERE id = $1`, [event]);
    expect((await failure(registerPeople(database, mum.id, event, [mum.id])))?.code).toBe("not_found");
    expect((await failure(getEventRegistrationView(database, mum.id, event)))?.code).toBe("not_found");

    const start = new Date("2027-03-01T10:00:00Z");
    const rules = { open: true, opensAt: new Date("2027-02-01T00:00:00Z"), closesAt: null, startAt: start, status: "SCHEDULED" };
    expect(registrationState(rules, new Date("2027-01-31T23:59:59Z"))).toBe("not_yet");
    expect(registrationState(rules, new Date("2027-02-01T00:00:00Z"))).toBe("open");
    expect(registrationState(rules, start)).toBe("closed");
    expect(registrationState({ ...rules, status: "POSTPONED" }, new Date("2027-02-10T00:00:00Z"))).toBe("closed");
    expect(registrationState({ ...rules, open: false }, new Date("2027-02-10T00:00:00Z"))).toBe("off");
  });

  it("admits exactly one of many simultaneous sign-ups for the last place, and queues the rest in one line", async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => insertMember(database, { givenName: `P${i}` })));
    const full = await signUpEvent({ capacity: 1 });
    const results = await Promise.allSettled(people.map((person) => registerPeople(database, person.id, full, [person.id])));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await getAdminEventRegistrationsOrThrow(database, full)).summary.registered).toBe(1);

    const queued = await signUpEvent({ capacity: 1, waitlist: true });
    await Promise.all(people.map((person) => registerPeople(database, person.id, queued, [person.id])));
    const { registrations, summary } = await getAdminEventRegistrationsOrThrow(database, queued);
    expect(summary).toMatchObject({ registered: 1, waitlisted: 7 });
    expect(registrations.filter((r) => r.status === "waitlisted").map((r) => r.waitlist_position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
