import { env } from "@/lib/env";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { getMyScheduleFeed, issueMyScheduleFeed, revokeMyScheduleFeed } from "@/lib/schedule/endpoints";
import { getScheduleFeed, issueScheduleFeed, revokeScheduleFeed } from "@/lib/schedule/schedule-feed";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/schedule-feed - the member's live private calendar feed (id and dates, never its address), or null
  handle(getMyScheduleFeed, ({ caller, database }) => getScheduleFeed(database, caller.userId)),
  // POST /api/v1/users/me/schedule-feed - a new feed address replacing the live one; answered this once (201)
  handle(issueMyScheduleFeed, ({ caller, database, context }) => issueScheduleFeed(database, caller.userId, env().CALENDAR_URL, context)),
  // DELETE /api/v1/users/me/schedule-feed - revoke the live feed: its address answers 404 at once
  handle(revokeMyScheduleFeed, ({ caller, database, context }) => revokeScheduleFeed(database, caller.userId, context)),
);
