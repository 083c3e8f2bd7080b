import { getCheckInCard, issueCheckInCard, revokeCheckInCard } from "@/lib/check-in/check-in-card";
import { getMyCheckInCard, issueMyCheckInCard, revokeMyCheckInCard } from "@/lib/check-in/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/check-in-card - the member's live household card (id and dates, never its code), or null
  handle(getMyCheckInCard, ({ caller, database }) => getCheckInCard(database, caller.userId)),
  // POST /api/v1/users/me/check-in-card - a new household card replacing the live one; its code is answered this once, for printing (201)
  handle(issueMyCheckInCard, ({ caller, database, context }) => issueCheckInCard(database, caller.userId, context)),
  // DELETE /api/v1/users/me/check-in-card - revoke the live household card: kiosks refuse it at once
  handle(revokeMyCheckInCard, ({ caller, database, context }) => revokeCheckInCard(database, caller.userId, context)),
);
