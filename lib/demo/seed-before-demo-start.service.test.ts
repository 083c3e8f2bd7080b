import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { seedBeforeDemoStart } from "./seed-before-demo-start.ts";
import { seedEmptyDatabase } from "./seed-empty-database.ts";
import { DEMO_CHECK_IN_KIOSK } from "./seed-identity.ts";

// `npm run demo` on a fresh machine: prisma/seed.ts --identity-only seeds before the server starts, then the
// server's first start fills an empty embedded database (lib/demo/seed-empty-database.ts). The check-in
// kiosk's client names a campus of the demo calendar, so the calendar must be there before the identities.
const database = serviceTestDatabase();

describe("seedBeforeDemoStart on an empty embedded database", () => {
  it("registers the check-in kiosk for its campus on the first run; the server's first start then seeds nothing more", async () => {
    const seeded = await seedBeforeDemoStart(database, { calendarIfEmpty: true });
    expect(seeded.calendar?.campuses).toBeGreaterThan(0);
    expect(seeded.identities.clients).toContain(DEMO_CHECK_IN_KIOSK.id);
    const kiosk = await database.prisma.client.findUnique({ where: { id: DEMO_CHECK_IN_KIOSK.id }, select: { checkInCampusId: true, firstParty: true, scopes: true } });
    expect(kiosk).toEqual({ checkInCampusId: DEMO_CHECK_IN_KIOSK.campusId, firstParty: true, scopes: ["openid", "check-in:kiosk"] });

    // What the server's start-up does next: the calendar is there, so it is left as it is (same events).
    const events = await database.prisma.event.count();
    await seedEmptyDatabase(database);
    expect(await database.prisma.event.count()).toBe(events);

    // The second `npm run demo` finds a calendar: it writes none and keeps the kiosk.
    const again = await seedBeforeDemoStart(database, { calendarIfEmpty: true });
    expect(again.calendar).toBeNull();
    expect(await database.prisma.event.count()).toBe(events);
    expect(await database.prisma.client.findUnique({ where: { id: DEMO_CHECK_IN_KIOSK.id }, select: { checkInCampusId: true } })).toEqual({ checkInCampusId: DEMO_CHECK_IN_KIOSK.campusId });
  }, 180_000);
});
