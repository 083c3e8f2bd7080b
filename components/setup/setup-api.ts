"use client";

import { callPublicEndpoint } from "@/lib/portal-api/call-public-endpoint";
import { checkSetup, completeSetup, createSetupAdministrator, saveSetupMailServer, sendSetupEmailCode, sendSetupTestEmail } from "@/lib/setup/endpoints";
import type { BodyInputOf } from "@/lib/openapi/endpoint";

/** The setup wizard's calls (lib/setup/endpoints.ts): the setup address's token is the only credential. */
const call = callPublicEndpoint;

export const setupApi = {
  check: (body: BodyInputOf<typeof checkSetup>) => call(checkSetup, body),
  mailServer: (body: BodyInputOf<typeof saveSetupMailServer>) => call(saveSetupMailServer, body),
  testEmail: (body: BodyInputOf<typeof sendSetupTestEmail>) => call(sendSetupTestEmail, body),
  emailCode: (body: BodyInputOf<typeof sendSetupEmailCode>) => call(sendSetupEmailCode, body),
  administrator: (body: BodyInputOf<typeof createSetupAdministrator>) => call(createSetupAdministrator, body),
  complete: (body: BodyInputOf<typeof completeSetup>) => call(completeSetup, body),
};
