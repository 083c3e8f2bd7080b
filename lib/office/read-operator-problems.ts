import "server-only";
import type { Database } from "../db/database.ts";
import { SIGNING_KEY_ROTATION_DAYS } from "../oauth/key-rotation.ts";
import { MAX_DELIVERY_ATTEMPTS } from "../outbox/deliver-messages.ts";

/**
 * Who is told what the server's operator must fix: administrators, by the permission of the church's own
 * settings (/admin/settings), which only they hold (lib/identity/permissions.ts).
 */
export const OPERATOR_PERMISSION = "settings:write";

/** An email or text still unsent this long after it was written is late: delivery starts at once, and every retry is over within 8 minutes. */
export const OUTBOX_LATE_MINUTES = 15;

/** Messages the outbox gave up on (MAX_DELIVERY_ATTEMPTS failed tries) are counted this far back. */
export const OUTBOX_GIVEN_UP_DAYS = 7;

/** What the server is set up to do, handed in by the page (tests pass their own). */
export interface OperatorSetup {
  /** lib/outbox/mail-transport.ts `emailSendingConfigured()`. */
  emailSendingConfigured: boolean;
  now: Date;
}

/**
 * One thing the operator must fix, most urgent first in readOperatorProblems' answer:
 * - `email_not_configured`: no mail server, so no email leaves (with the emails waiting for one);
 * - `outbox_backlog`: emails and texts late (unsent after OUTBOX_LATE_MINUTES, still to be tried) or given up
 *   in the last OUTBOX_GIVEN_UP_DAYS (emails counted only when email sending is set up: otherwise the first
 *   problem holds them; webhooks have their own count on the overview);
 * - `signing_keys_due`: the token-signing keys signing now are older than SIGNING_KEY_ROTATION_DAYS.
 */
export type OperatorProblem =
  | { kind: "email_not_configured"; emailsWaiting: number; oldestWaitingSince: Date | null }
  | { kind: "outbox_backlog"; late: number; oldestLateSince: Date | null; givenUp: number; latestGivenUpAt: Date | null }
  | { kind: "signing_keys_due"; keysSince: Date; rotationDays: number };

interface ProblemRow {
  emails_waiting: number;
  emails_oldest: Date | null;
  late: number;
  late_oldest: Date | null;
  given_up: number;
  given_up_latest: Date | null;
  keys_since: Date | null;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** What the operator must fix, most urgent first; nothing for a member without OPERATOR_PERMISSION, and nothing when all is well. */
export async function readOperatorProblems(database: Database, permissions: ReadonlySet<string>, setup: OperatorSetup): Promise<OperatorProblem[]> {
  if (!permissions.has(OPERATOR_PERMISSION)) return [];
  const { emailSendingConfigured, now } = setup;
  const backlogChannels = emailSendingConfigured ? ["email", "sms"] : ["sms"];
  // One statement, one pass over the unsent messages (outbox_message's (sent_at, created_at) index).
  const [row] = await database.query<ProblemRow>(
    `SELECT
       count(*) FILTER (WHERE channel = 'email' AND attempts < $1)::int AS emails_waiting,
       min(created_at) FILTER (WHERE channel = 'email' AND attempts < $1) AS emails_oldest,
       count(*) FILTER (WHERE channel = ANY($2::text[]) AND attempts < $1 AND created_at < $3)::int AS late,
       min(created_at) FILTER (WHERE channel = ANY($2::text[]) AND attempts < $1 AND created_at < $3) AS late_oldest,
       count(*) FILTER (WHERE channel = ANY($2::text[]) AND attempts >= $1 AND created_at >= $4)::int AS given_up,
       max(created_at) FILTER (WHERE channel = ANY($2::text[]) AND attempts >= $1 AND created_at >= $4) AS given_up_latest,
       (SELECT min(created_at) FROM signing_key WHERE retired_at IS NULL) AS keys_since
     FROM outbox_message WHERE sent_at IS NULL AND channel IN ('email', 'sms')`,
    [MAX_DELIVERY_ATTEMPTS, backlogChannels, new Date(now.getTime() - OUTBOX_LATE_MINUTES * MINUTE_MS), new Date(now.getTime() - OUTBOX_GIVEN_UP_DAYS * DAY_MS)],
  );
  const found = row!;
  const problems: OperatorProblem[] = [];
  if (!emailSendingConfigured) {
    problems.push({ kind: "email_not_configured", emailsWaiting: found.emails_waiting, oldestWaitingSince: found.emails_oldest });
  }
  if (found.late + found.given_up > 0) {
    problems.push({ kind: "outbox_backlog", late: found.late, oldestLateSince: found.late_oldest, givenUp: found.given_up, latestGivenUpAt: found.given_up_latest });
  }
  // Keys already handed over (retired_at set by a rotation) do not count: their successors are the current ones.
  if (found.keys_since && found.keys_since.getTime() < now.getTime() - SIGNING_KEY_ROTATION_DAYS * DAY_MS) {
    problems.push({ kind: "signing_keys_due", keysSince: found.keys_since, rotationDays: SIGNING_KEY_ROTATION_DAYS });
  }
  return problems;
}
