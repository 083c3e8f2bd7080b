import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { sendSetupEmailCode as sendSetupEmailCodeEndpoint } from "@/lib/setup/endpoints";
import { sendSetupEmailCode } from "@/lib/setup/setup-email";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/setup/email-code - a code proving the first administrator's address
  handle(sendSetupEmailCodeEndpoint, async ({ body, database, context }) => {
    await sendSetupEmailCode(database, body.token, body, context);
    return null;
  }),
);
