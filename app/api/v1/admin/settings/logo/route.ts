import { removeChurchLogo, uploadChurchLogo } from "@/lib/church-settings/church-logo";
import { churchSettingsAnswer } from "@/lib/church-settings/church-settings-answer";
import { adminRemoveChurchLogo, adminUploadChurchLogo } from "@/lib/church-settings/endpoints";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PUT /api/v1/admin/settings/logo - a PNG, JPEG or WebP logo as a data URL, judged by its bytes
  handle(adminUploadChurchLogo, async ({ body, database }) => churchSettingsAnswer(database, await uploadChurchLogo(database, body.image))),
  // DELETE /api/v1/admin/settings/logo - back to the portal's own mark
  handle(adminRemoveChurchLogo, async ({ database }) => churchSettingsAnswer(database, await removeChurchLogo(database))),
);
