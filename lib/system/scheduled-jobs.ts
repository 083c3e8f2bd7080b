import "server-only";
import type { Database } from "../db/database.ts";
import { endGuardianshipsAtMajority } from "../guardians/end-guardianships-at-majority.ts";
import { syncDueCalendarImports } from "../calendar-import/run-calendar-import.ts";
import { deliverPendingMessages } from "../outbox/deliver-messages.ts";
import { resumeStalledPeopleImports } from "../people-import/run-people-import.ts";
import { runDueDeletions } from "../privacy/run-due-deletions.ts";
import { cleanupExpired } from "./cleanup-expired.ts";

/**
 * The scheduled jobs, by the name GET /api/cron/<job> takes (Vercel Cron). On a Node host the npm scripts
 * run the same services from cron (docs/deployment.md). Each is safe to run again and on two machines at once.
 * Answers counts only: never a name, an address or an id of a member.
 */
export const SCHEDULED_JOBS = {
  /** Hourly: account deletions whose grace period ended (`npm run privacy:run-deletions`). */
  "privacy-deletions": async (database) => ({ carried_out: (await runDueDeletions(database)).carriedOut.length }),
  /** Daily: dependants who came of age (`npm run guardianships:end-at-majority`). */
  "guardianships-majority": async (database) => {
    const summary = await endGuardianshipsAtMajority(database);
    return { ended: summary.ended, roles_removed: summary.rolesRemoved, promoted: summary.promoted };
  },
  /** Every minute: outbox messages whose earlier attempt failed and whose back-off has passed (`npm run outbox:deliver`). */
  "deliver-outbox": async (database) => ({ sent: await deliverPendingMessages(database) }),
  /** Every minute: people imports whose runner stopped (a restart, a crash) go on from their last batch. */
  "people-imports": async (database) => ({ resumed: await resumeStalledPeopleImports(database) }),
  /** Hourly: calendar addresses kept in sync, read again (`npm run calendar:sync`). */
  "calendar-imports": async (database) => ({ ...(await syncDueCalendarImports(database)) }),
  /** Daily: expired codes, sessions, tokens and counters (`npm run cleanup:expired`). */
  "cleanup-expired": async (database) => ({ ...(await cleanupExpired(database)) }),
} satisfies Record<string, (database: Database) => Promise<Record<string, number>>>;

export type ScheduledJob = keyof typeof SCHEDULED_JOBS;

export function isScheduledJob(name: string): name is ScheduledJob {
  return Object.hasOwn(SCHEDULED_JOBS, name);
}
