import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { acceptedLocale } from "@/lib/i18n/negotiate-locale";
import { sendSetupEmailCode as sendSetupEmailCodeEndpoint } from "@/lib/setup/endpoints";
import { sendSetupEmailCode } from "@/lib/setup/setup-email";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/setup/email-code - a code proving the first administrator's address
  handle(sendSetupEmailCodeEndpoint, async ({ request, body, database, context }) => {
    // In the wizard's language: its fetch says it as Accept-Language, as the browser does.
    await sendSetupEmailCode(database, body.token, body, context, acceptedLocale(request.headers.get("accept-language")));
    return null;
  }),
);
