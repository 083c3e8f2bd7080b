import "server-only";
import type { Database } from "../db/database.ts";
import { INVITATION_STATUS_SQL } from "../invitations/list-invitations.ts";
import { placesTakenSql, waitlistedSql } from "../registrations/place-counts.ts";

/** How far ahead "this week" looks on the office's front page. */
export const OVERVIEW_DAYS = 7;

/**
 * What waits for the church office, each part only for staff who may see it: members' requests to link a
 * membership record (membership:read); the next seven days' events, drafts still to publish among them,
 * and their sign-ups (events:read); webhook endpoints failing or switched off for failing (clients:read);
 * how the invitations are going (membership:read), in the states Staff › Invitations shows.
 */
export interface OfficeOverview {
  membershipRequests?: number;
  week?: { events: number; drafts: number; signedUp: number; waitlisted: number };
  webhooks?: { failing: number; disabled: number };
  /** Invitations still open (sent, not past their days nor refused), accepted, and refused by the mail server. */
  invitations?: { waiting: number; accepted: number; bounced: number };
}

interface OverviewRow {
  membership_requests: number;
  events: number;
  drafts: number;
  signed_up: number;
  waitlisted: number;
  webhooks_failing: number;
  webhooks_disabled: number;
  invitations_waiting: number;
  invitations_accepted: number;
  invitations_bounced: number;
}

export async function readOfficeOverview(database: Database, permissions: ReadonlySet<string>, now = new Date()): Promise<OfficeOverview> {
  const weekEnd = new Date(now.getTime() + OVERVIEW_DAYS * 86_400_000);
  // One statement; the parts a member may not see are not counted at all (their flags are false). Places
  // and the waitlist are counted as every page that shows them counts them (place-counts.ts).
  const [row] = await database.query<OverviewRow>(
    `WITH week AS (SELECT id, status FROM event WHERE $3 AND start_at >= $1 AND start_at < $2 AND status IN ('SCHEDULED', 'DRAFT'))
     SELECT
       CASE WHEN $4 THEN (SELECT count(*)::int FROM membership_link_request WHERE status = 'pending') ELSE 0 END AS membership_requests,
       (SELECT count(*)::int FROM week WHERE status = 'SCHEDULED') AS events,
       (SELECT count(*)::int FROM week WHERE status = 'DRAFT') AS drafts,
       (SELECT COALESCE(sum(${placesTakenSql("w.id")}), 0)::int FROM week w WHERE w.status = 'SCHEDULED') AS signed_up,
       (SELECT COALESCE(sum(${waitlistedSql("w.id")}), 0)::int FROM week w WHERE w.status = 'SCHEDULED') AS waitlisted,
       CASE WHEN $5 THEN (SELECT count(*)::int FROM webhook_endpoint WHERE enabled AND failing_since IS NOT NULL) ELSE 0 END AS webhooks_failing,
       CASE WHEN $5 THEN (SELECT count(*)::int FROM webhook_endpoint WHERE NOT enabled AND auto_disabled_at IS NOT NULL) ELSE 0 END AS webhooks_disabled,
       CASE WHEN $4 THEN (SELECT count(*)::int FROM invitation i WHERE ${INVITATION_STATUS_SQL} = 'sent') ELSE 0 END AS invitations_waiting,
       CASE WHEN $4 THEN (SELECT count(*)::int FROM invitation WHERE status = 'accepted') ELSE 0 END AS invitations_accepted,
       CASE WHEN $4 THEN (SELECT count(*)::int FROM invitation i WHERE ${INVITATION_STATUS_SQL} = 'bounced') ELSE 0 END AS invitations_bounced`,
    [now, weekEnd, permissions.has("events:read"), permissions.has("membership:read"), permissions.has("clients:read")],
  );
  const counts = row!;
  return {
    ...(permissions.has("membership:read") && {
      membershipRequests: counts.membership_requests,
      invitations: { waiting: counts.invitations_waiting, accepted: counts.invitations_accepted, bounced: counts.invitations_bounced },
    }),
    ...(permissions.has("events:read") && { week: { events: counts.events, drafts: counts.drafts, signedUp: counts.signed_up, waitlisted: counts.waitlisted } }),
    ...(permissions.has("clients:read") && { webhooks: { failing: counts.webhooks_failing, disabled: counts.webhooks_disabled } }),
  };
}
