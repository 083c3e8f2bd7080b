import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { emailSendingConfigured } from "@/lib/outbox/mail-transport";
import { createSetupAdministrator } from "@/lib/setup/create-setup-administrator";
import { createSetupAdministrator as createSetupAdministratorEndpoint } from "@/lib/setup/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/setup/administrator - save the church and its first campus, make the administrator, start their authenticator app
  handle(createSetupAdministratorEndpoint, async ({ body, database, context }) => createSetupAdministrator(database, body, await emailSendingConfigured(database), context)),
);
