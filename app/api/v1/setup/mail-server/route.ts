import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { saveSetupMailServer as saveSetupMailServerEndpoint } from "@/lib/setup/endpoints";
import { readSetupState } from "@/lib/setup/read-setup-state";
import { saveSetupMailServer } from "@/lib/setup/setup-email";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PUT /api/v1/setup/mail-server - the church's mail server, saved sealed
  handle(saveSetupMailServerEndpoint, async ({ body, database }) => {
    await saveSetupMailServer(database, body);
    return readSetupState(database);
  }),
);
