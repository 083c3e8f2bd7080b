import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400 } from "../openapi/staff-operations.ts";
import { ChurchSettingsSchema, LOGO_MAX_BYTES, mailServerBodySchema, sendTestEmailBodySchema, TestEmailSchema, updateChurchSettingsBodySchema, uploadChurchLogoBodySchema } from "./schemas.ts";

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

export const adminSaveMailServer = defineEndpoint({
  method: "PUT",
  path: "/api/v1/admin/settings/mail-server",
  operationId: "adminSaveMailServer",
  summary: "Save the church's mail server",
  description:
    "The server emails go through, in place of the server's own (SMTP_URL). Stored sealed; the password is never answered, and left out it " +
    "stays as saved for the same server and user name. A name that does not resolve, or a private or loopback address (unless the operator " +
    "allows them), is refused. Every instance sends through it from its next message.",
  tags: TAGS,
  access: SETTINGS,
  body: mailServerBodySchema,
  success: { status: 200, description: "The settings, with the mail server.", schema: ChurchSettingsSchema },
  refusals: { "400": BODY_400(", `host: …` (not found, or private), `password: …`, or `security: …` (a password needs an encrypted connection)") },
});

export const adminRemoveMailServer = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/admin/settings/mail-server",
  operationId: "adminRemoveMailServer",
  summary: "Forget the church's mail server",
  description: "Emails go through the server's own (SMTP_URL) again, or wait in the outbox when it has none.",
  tags: TAGS,
  access: SETTINGS,
  success: { status: 200, description: "The settings.", schema: ChurchSettingsSchema },
});

export const adminSendTestEmail = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/settings/mail-server/test",
  operationId: "adminSendTestEmail",
  summary: "Send a test email",
  description: "Through the outbox and the mail server in use, waiting up to 10 seconds for its answer.",
  tags: TAGS,
  access: SETTINGS,
  body: sendTestEmailBodySchema,
  success: { status: 200, description: "Whether it was sent, or the mail server's refusal.", schema: TestEmailSchema },
  refusals: {
    "400": BODY_400(),
    "409": "`conflict`: `email sending is not set up yet: save the church's mail server first`.",
    "429": "`too_many_requests`: too many test messages.",
  },
});

/** In the order the OpenAPI document lists them. */
export const churchSettingsEndpoints = [
  adminGetChurchSettings,
  adminUpdateChurchSettings,
  adminUploadChurchLogo,
  adminRemoveChurchLogo,
  adminSaveMailServer,
  adminRemoveMailServer,
  adminSendTestEmail,
];
