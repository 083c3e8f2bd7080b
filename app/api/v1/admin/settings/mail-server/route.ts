import { churchSettingsAnswer } from "@/lib/church-settings/church-settings-answer";
import { adminRemoveMailServer, adminSaveMailServer } from "@/lib/church-settings/endpoints";
import { removeMailServer, saveMailServer } from "@/lib/church-settings/mail-server";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PUT /api/v1/admin/settings/mail-server - the server emails go through, saved sealed
  handle(adminSaveMailServer, async ({ body, database }) => churchSettingsAnswer(database, await saveMailServer(database, body))),
  // DELETE /api/v1/admin/settings/mail-server - back to the server's own, or none
  handle(adminRemoveMailServer, async ({ database }) => churchSettingsAnswer(database, await removeMailServer(database))),
);
