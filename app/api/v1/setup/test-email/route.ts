import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { sendSetupTestEmail as sendSetupTestEmailEndpoint } from "@/lib/setup/endpoints";
import { sendSetupTestEmail } from "@/lib/setup/setup-email";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/setup/test-email - a test message through the outbox, with the mail server's answer
  handle(sendSetupTestEmailEndpoint, ({ body, database, context }) => sendSetupTestEmail(database, body.token, body.to, context)),
);
