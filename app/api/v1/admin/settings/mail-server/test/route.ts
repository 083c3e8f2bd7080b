import { adminSendTestEmail } from "@/lib/church-settings/endpoints";
import { sendSettingsTestEmail } from "@/lib/church-settings/mail-server";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/settings/mail-server/test - a test message, with the mail server's answer
  handle(adminSendTestEmail, ({ body, database, context }) => sendSettingsTestEmail(database, body.to, context)),
);
