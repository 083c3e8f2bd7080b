import { readChurch } from "@/lib/church-settings/church";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { emailSendingConfigured } from "@/lib/outbox/mail-transport";
import { checkSetup } from "@/lib/setup/endpoints";
import { requireOpenSetup } from "@/lib/setup/setup-address";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/setup/check - the setup address works: whether the server sends email, and the church so far
  handle(checkSetup, async ({ body, database }) => {
    await requireOpenSetup(database, body.token);
    const church = await readChurch(database);
    // The built-in example name is not offered as the church's own: only a name saved or set by the operator.
    const named = !church.fromServer.includes("name") || Boolean(process.env.CHURCH_NAME);
    return { email_sending: emailSendingConfigured(), church: { name: named ? church.name : "", country: church.country, time_zone: church.timeZone } };
  }),
);
