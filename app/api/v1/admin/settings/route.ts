import { readChurch } from "@/lib/church-settings/church";
import { churchSettingsAnswer } from "@/lib/church-settings/church-settings-answer";
import { adminGetChurchSettings, adminUpdateChurchSettings } from "@/lib/church-settings/endpoints";
import { updateChurchSettings } from "@/lib/church-settings/update-church-settings";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/settings - the church's name and look, saved or the server's own
  handle(adminGetChurchSettings, async ({ database }) => churchSettingsAnswer(database, await readChurch(database))),
  // PATCH /api/v1/admin/settings - change them; null returns a field to the server's own value
  handle(adminUpdateChurchSettings, async ({ body, database }) => churchSettingsAnswer(database, await updateChurchSettings(database, body))),
);
