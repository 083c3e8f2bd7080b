import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { checkSetup } from "@/lib/setup/endpoints";
import { readSetupState } from "@/lib/setup/read-setup-state";
import { requireOpenSetup } from "@/lib/setup/setup-address";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/setup/check - the setup address works: whether the church sends email, and the church so far
  handle(checkSetup, async ({ body, database }) => {
    await requireOpenSetup(database, body.token);
    return readSetupState(database);
  }),
);
