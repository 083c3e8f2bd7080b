import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400 } from "../openapi/staff-operations.ts";
import { ChurchSettingsSchema, LOGO_MAX_BYTES, updateChurchSettingsBodySchema, uploadChurchLogoBodySchema } from "./schemas.ts";

/** The church's own settings (issue 39, /admin/settings): administrators only. */

const TAGS = ["admin"] as const;
const SETTINGS = { kind: "staff", permission: "settings:write" } as const;

export const adminGetChurchSettings = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/settings",
  operationId: "adminGetChurchSettings",
  summary: "The church's name and look",
  description: "As every page, email and the kiosk use them: a saved value, or the server's own (`from_server` names those).",
  tags: TAGS,
  access: SETTINGS,
  success: { status: 200, description: "The settings.", schema: ChurchSettingsSchema },
});

export const adminUpdateChurchSettings = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/settings",
  operationId: "adminUpdateChurchSettings",
  summary: "Change the church's name and look",
  description:
    "Only the fields sent change; `null` returns one to the server's own value. `brand_colour` must reach 4.5:1 against white and the page's background. " +
    "Every instance shows the change in its next answer.",
  tags: TAGS,
  access: SETTINGS,
  body: updateChurchSettingsBodySchema,
  success: { status: 200, description: "The settings.", schema: ChurchSettingsSchema },
  refusals: { "400": BODY_400(", `must change at least one field`, or a colour too light to read") },
});

export const adminUploadChurchLogo = defineEndpoint({
  method: "PUT",
  path: "/api/v1/admin/settings/logo",
  operationId: "adminUploadChurchLogo",
  summary: "Upload the church's logo",
  description:
    `A PNG, JPEG or WebP image (judged by its bytes) of at most ${LOGO_MAX_BYTES / 1024} KB and 4096 pixels a side, as a data URL. ` +
    "SVG and every other kind are refused. Served at `logo_url`, an address made of the image's hash, cached for a year.",
  tags: TAGS,
  access: SETTINGS,
  body: uploadChurchLogoBodySchema,
  maxBodyBytes: Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 1024,
  success: { status: 200, description: "The settings, with the new logo.", schema: ChurchSettingsSchema },
  refusals: { "400": BODY_400(", or `image: …` saying what is wrong with the image") },
});

export const adminRemoveChurchLogo = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/admin/settings/logo",
  operationId: "adminRemoveChurchLogo",
  summary: "Remove the church's logo",
  description: "The portal's own mark is shown again.",
  tags: TAGS,
  access: SETTINGS,
  success: { status: 200, description: "The settings, without a logo.", schema: ChurchSettingsSchema },
});

/** In the order the OpenAPI document lists them. */
export const churchSettingsEndpoints = [adminGetChurchSettings, adminUpdateChurchSettings, adminUploadChurchLogo, adminRemoveChurchLogo];
