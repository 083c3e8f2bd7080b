"use client";

import type { ApiMessages } from "@/components/account/api-messages";
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

/**
 * A refusal of the setup routes, split the way the wizard shows it: one that names a field of the form
 * (`email_code: has expired or was used up; ask for a new one`) goes under that field, any other above the
 * form after `failed` ("We couldn’t make your account."), both in the page's language (useApiMessages).
 */
export function splitSetupRefusal<Field extends string>(api: ApiMessages, error: Error | null, fields: readonly Field[], failed: string): { field: Field | null; message: string } {
  if (!error) return { field: null, message: "" };
  for (const field of fields) {
    const message = api.fieldRefusal(error, field);
    if (message !== null) return { field, message };
  }
  return { field: null, message: api.failed(failed, error) };
}
