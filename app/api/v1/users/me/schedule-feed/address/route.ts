import { env } from "@/lib/env";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { showMyScheduleFeed } from "@/lib/schedule/endpoints";
import { showScheduleFeed } from "@/lib/schedule/schedule-feed";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/schedule-feed/address - the live feed's address again (recent sign-in; logged)
  handle(showMyScheduleFeed, ({ caller, database, context }) => showScheduleFeed(database, caller.userId, env().CALENDAR_URL, context)),
);
