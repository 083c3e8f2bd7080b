import type { Database } from "../db/database.ts";
import { seedDemoData } from "./seed-demo-data.ts";
import { seedMembershipRegister } from "./seed-membership-register.ts";

/**
 * The embedded database's demo content, written at server start-up (instrumentation-node.ts) when it is
 * empty: the calendar, then the membership register. Checked apart, so a folder created before the register
 * existed gets it too. Never imported by the product's modules: only the start-up path seeds.
 */
export async function seedEmptyDatabase(database: Database): Promise<void> {
  if ((await database.prisma.event.count()) === 0) {
    const counts = await seedDemoData(database);
    console.log(`[db] seeded demo data: ${counts.campuses} campuses, ${counts.ministries} ministries, ${counts.events} events`);
  }
  if ((await database.prisma.membershipRecord.count()) === 0) {
    const register = await seedMembershipRegister(database.query);
    console.log(`[db] seeded the membership register: ${register.records} records`);
  }
}
