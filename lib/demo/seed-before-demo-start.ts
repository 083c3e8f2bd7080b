import type { Database } from "../db/database.ts";
import { seedDemoData, type SeedDemoDataCounts } from "./seed-demo-data.ts";
import { seedIdentityDemoData } from "./seed-identity.ts";
import { seedMembershipRegister } from "./seed-membership-register.ts";

export interface DemoStartSeed {
  /** The calendar written because the database had none (null when it had one, or was not asked to). */
  calendar: SeedDemoDataCounts | null;
  identities: { accounts: string[]; clients: string[] };
  registerRecords: number;
}

/**
 * What `npm run demo` writes before it starts the server (prisma/seed.ts --identity-only): the demo
 * identities and the membership register, upserted. With `calendarIfEmpty` (the embedded database, which
 * the server would fill with the demo calendar on its first start: lib/demo/seed-empty-database.ts) an empty
 * calendar is written first, here: the check-in kiosk `demo-checkin-kiosk` is registered for a campus of
 * that calendar, so seeding the identities before the campuses existed left the kiosk out until the second
 * start. The server then finds the calendar and the register and leaves them be.
 */
export async function seedBeforeDemoStart(database: Database, options: { calendarIfEmpty: boolean }): Promise<DemoStartSeed> {
  const calendar = options.calendarIfEmpty && (await database.prisma.event.count()) === 0 ? await seedDemoData(database) : null;
  const identities = await seedIdentityDemoData(database);
  const register = await seedMembershipRegister(database.query);
  return { calendar, identities, registerRecords: register.records };
}
