/**
 * `npm run guardianships:end-at-majority`: ends the guardianship of every dependant who has reached the age
 * of majority (AGE_OF_MAJORITY, default 18) today, so they own their account; a guardian left with no
 * dependant loses the guardian role; family members of age become adults. Run it daily (cron, a scheduled
 * job). Safe to run again, and from two machines at once (lib/guardians/end-guardianships-at-majority.ts).
 */
import { loadDotEnv } from "./load-dot-env.ts";

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { endGuardianshipsAtMajority } = await import("../lib/guardians/end-guardianships-at-majority.ts");
const { env } = await import("../lib/env.ts");

const database = await openDatabase();
try {
  const summary = await endGuardianshipsAtMajority(database);
  console.log(
    `Age of majority ${env().AGE_OF_MAJORITY}: ${summary.ended} guardianships ended, ${summary.rolesRemoved} guardians no longer hold the guardian role, ` +
      `${summary.promoted} family members are adults now.`,
  );
} finally {
  await closeDatabase();
}
