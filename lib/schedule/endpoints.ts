import { defineEndpoint } from "../openapi/endpoint.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { IssuedScheduleFeedSchema, ScheduleFeedStatusSchema, ScheduleSchema } from "./schemas.ts";

/** "My schedule" (docs/decisions/0025): the member's household's events, and the private feed of them. */

const TAGS = ["registrations"] as const;
const member = (permission: "profile:read" | "profile:write", recentSignIn?: true) => ({ kind: "member" as const, scope: AREA_SCOPES.calendar, permission, ...(recentSignIn ? { recentSignIn } : {}) });
const RULE =
  "The household is the member and the people they may sign up (their household's children and their dependants). It matches " +
  "`families` when there is a child or dependant, `children` when one of them is under 11 and `youth` when one is 11 to 17 (today, by birth date); no other audience.";

export const getMySchedule = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/schedule",
  operationId: "getMySchedule",
  summary: "The member's schedule",
  description: `Events not yet ended that someone of the household holds a place at or waits for (with the place in line), soonest first; and the public and members' events of the next 14 days whose audience the household matches that nobody of it signed up for. ${RULE}`,
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The schedule.", schema: ScheduleSchema },
});

export const getMyScheduleFeed = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/schedule-feed",
  operationId: "getMyScheduleFeed",
  summary: "The member's private calendar feed",
  description: "The live feed (its id, when it was made and last fetched), or `feed: null`. Never its address.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The live feed, or null.", schema: ScheduleFeedStatusSchema },
});

export const issueMyScheduleFeed = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/schedule-feed",
  operationId: "issueMyScheduleFeed",
  summary: "Make (or replace) the member's private calendar feed",
  description:
    "A new address of the schedule as iCalendar, `{calendar_url}/mine/{token}.ics`, for calendar apps to subscribe to without signing in: the token (256 random bits) is the credential, so only its hash is kept and the address is answered this once (also as `webcal://`). A live feed is revoked in the same transaction.",
  tags: TAGS,
  access: member("profile:write", true),
  success: { status: 201, description: "The new feed and its address.", schema: IssuedScheduleFeedSchema },
});

export const showMyScheduleFeed = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/schedule-feed/address",
  operationId: "showMyScheduleFeed",
  summary: "Show the private calendar feed's address again",
  description:
    "No body. The live feed's address, as when it was made, for a second device: the token is kept sealed with the server's key and opened for this answer, which needs a recent sign-in and is written to the member's security log (`schedule_feed_shown`); a POST, since it writes that entry and must never be prefetched or cached.",
  tags: TAGS,
  access: member("profile:write", true),
  success: { status: 200, description: "The live feed and its address.", schema: IssuedScheduleFeedSchema },
  refusals: {
    "404": "`not_found`: `schedule feed not found`.",
    "409": "`conflict`: the feed was made before its address was kept; make a new one.",
  },
});

export const revokeMyScheduleFeed = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/schedule-feed",
  operationId: "revokeMyScheduleFeed",
  summary: "Revoke the member's private calendar feed",
  description: "Its address answers 404 at once.",
  tags: TAGS,
  access: member("profile:write"),
  success: { status: 200, description: "Revoked: no live feed.", schema: ScheduleFeedStatusSchema },
  refusals: { "404": "`not_found`: `schedule feed not found`." },
});

/** In the order the OpenAPI document lists them. */
export const scheduleEndpoints = [getMySchedule, getMyScheduleFeed, showMyScheduleFeed, issueMyScheduleFeed, revokeMyScheduleFeed];
