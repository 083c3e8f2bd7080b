import { env } from "@/lib/env";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { getScheduleFeed, issueScheduleFeed, revokeScheduleFeed } from "@/lib/schedule/schedule-feed";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/schedule-feed - the member's live private calendar feed (id and dates, never its address), or null
export const GET = identityRoute({ scope: AREA_SCOPES.calendar, permission: "profile:read" }, async ({ caller, database }) => identityJson(await getScheduleFeed(database, caller.userId)));

// POST /api/v1/users/me/schedule-feed - a new feed address replacing the live one; answered this once (201)
export const POST = identityRoute({ scope: AREA_SCOPES.calendar, permission: "profile:write", recentSignIn: true }, async ({ caller, database, context }) =>
  identityJson(await issueScheduleFeed(database, caller.userId, env().CALENDAR_URL, context), 201),
);

// DELETE /api/v1/users/me/schedule-feed - revoke the live feed: its address answers 404 at once
export const DELETE = identityRoute({ scope: AREA_SCOPES.calendar, permission: "profile:write" }, async ({ caller, database, context }) => identityJson(await revokeScheduleFeed(database, caller.userId, context)));

// PUT, PATCH /api/v1/users/me/schedule-feed - 405 in the identity error shape
export const { PUT, PATCH } = identityMethodNotAllowed(["GET", "POST", "DELETE"]);
