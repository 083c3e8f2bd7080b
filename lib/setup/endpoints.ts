import { identityError } from "../openapi/responses.ts";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400 } from "../openapi/staff-operations.ts";
import { TestEmailSchema } from "../church-settings/schemas.ts";
import {
  SetupDoneSchema,
  SetupStateSchema,
  SetupTwoStepSchema,
  setupAdministratorBodySchema,
  setupCompleteBodySchema,
  setupEmailCodeBodySchema,
  setupMailServerBodySchema,
  setupTestEmailBodySchema,
  setupTokenBodySchema,
} from "./schemas.ts";

/**
 * The setup wizard (issue 39, /setup): no token of ours but the setup address's, which the server prints to its
 * log while no administrator exists. Every call answers 404 once setup is finished, so the page is gone.
 */
const TAGS = ["setup"] as const;
const PUBLIC = { kind: "public" as const };
const NO_MAIL_SERVER = "`conflict`: `email sending is not set up yet: save the church's mail server first`.";
const GONE = identityError("`not_found`: `this setup address is not valid: …` (setup is finished, or the token is unknown or more than a day old).");

export const checkSetup = defineEndpoint({
  method: "POST",
  path: "/api/v1/setup/check",
  operationId: "checkSetup",
  summary: "Open the setup wizard",
  description: "Whether the setup address works, whether the server can send email, and the church's values so far.",
  tags: TAGS,
  access: PUBLIC,
  body: setupTokenBodySchema,
  success: { status: 200, description: "Setup is open.", schema: SetupStateSchema },
  refusals: { "400": BODY_400(), "404": GONE },
});

export const saveSetupMailServer = defineEndpoint({
  method: "PUT",
  path: "/api/v1/setup/mail-server",
  operationId: "saveSetupMailServer",
  summary: "Save the church's mail server",
  description: "Saved sealed, as at /admin/settings; then `POST /api/v1/setup/test-email` sends a message through it.",
  tags: TAGS,
  access: PUBLIC,
  body: setupMailServerBodySchema,
  success: { status: 200, description: "Setup as it now stands.", schema: SetupStateSchema },
  refusals: { "400": BODY_400(", `host: …` (not found, or private), or `security: …` (a password needs an encrypted connection)"), "404": GONE },
});

export const sendSetupTestEmail = defineEndpoint({
  method: "POST",
  path: "/api/v1/setup/test-email",
  operationId: "sendSetupTestEmail",
  summary: "Send a test email",
  description: "Through the outbox, waiting up to 10 seconds for the mail server's answer.",
  tags: TAGS,
  access: PUBLIC,
  body: setupTestEmailBodySchema,
  success: { status: 200, description: "Whether it was sent.", schema: TestEmailSchema },
  refusals: { "400": BODY_400(), "404": GONE, "409": NO_MAIL_SERVER },
});

export const sendSetupEmailCode = defineEndpoint({
  method: "POST",
  path: "/api/v1/setup/email-code",
  operationId: "sendSetupEmailCode",
  summary: "Email the first administrator a code",
  description: "A 6-digit code proving the address, for `POST /api/v1/setup/administrator`. A new code replaces the last.",
  tags: TAGS,
  access: PUBLIC,
  body: setupEmailCodeBodySchema,
  success: { status: 204, description: "The code is on its way.", schema: undefined },
  refusals: { "400": BODY_400(), "404": GONE, "409": NO_MAIL_SERVER },
});

export const createSetupAdministrator = defineEndpoint({
  method: "POST",
  path: "/api/v1/setup/administrator",
  operationId: "createSetupAdministrator",
  summary: "Save the church and make the first administrator",
  description:
    "Saves the church's name, country and time zone and its first campus, and makes the administrator's account (the address proved by " +
    "`email_code` when the server sends email) with their password, then starts their authenticator app. They are an administrator only " +
    "once `POST /api/v1/setup/complete` confirms it. Sent again, it replaces the account this address made.",
  tags: TAGS,
  access: PUBLIC,
  body: setupAdministratorBodySchema,
  success: { status: 201, description: "The authenticator app to add.", schema: SetupTwoStepSchema },
  refusals: {
    "400": BODY_400(", `email_code: …` (wrong, expired or missing), or a password refused as at registration"),
    "404": GONE,
    "409": "`conflict`: `an account with this email address already exists: …`.",
    "429": "`too_many_requests`: too many wrong codes.",
  },
});

export const completeSetup = defineEndpoint({
  method: "POST",
  path: "/api/v1/setup/complete",
  operationId: "completeSetup",
  summary: "Finish setup",
  description:
    "A code of the administrator's authenticator app turns on their two-step sign-in and makes them the administrator. Setup ends: every setup " +
    "address stops working. Answers their recovery codes, shown this once.",
  tags: TAGS,
  access: PUBLIC,
  body: setupCompleteBodySchema,
  success: { status: 200, description: "The church is set up.", schema: SetupDoneSchema },
  refusals: { "400": BODY_400(", or `code: is not the current code of the authenticator app`"), "404": GONE, "409": "`conflict`: `save the church and the administrator first`.", "429": "`too_many_requests`: too many wrong codes." },
});

export const setupEndpoints = [checkSetup, saveSetupMailServer, sendSetupTestEmail, sendSetupEmailCode, createSetupAdministrator, completeSetup];
