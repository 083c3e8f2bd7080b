"use client";

import type { z } from "zod";
import { PortalApiError } from "@/lib/portal-api/client";
import { checkSetup, completeSetup, createSetupAdministrator, saveSetupMailServer, sendSetupEmailCode, sendSetupTestEmail } from "@/lib/setup/endpoints";
import type { BodyInputOf, Endpoint, SuccessOf } from "@/lib/openapi/endpoint";

/**
 * The setup wizard's calls (lib/setup/endpoints.ts), straight to the API: the setup address's token is the only
 * credential, so there is no session to relay. A refusal is a PortalApiError, as the portal's pages read one.
 */
async function call<E extends Endpoint>(endpoint: E, body: BodyInputOf<E>): Promise<SuccessOf<E>> {
  let response: Response;
  try {
    response = await fetch(endpoint.path, { method: endpoint.method, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body), cache: "no-store" });
  } catch {
    throw new PortalApiError(0, "network_error", "The server could not be reached. Check the connection and try again.");
  }
  if (response.status === 204) return null as SuccessOf<E>;
  const answer = (await response.json().catch(() => null)) as { error?: string; error_description?: string } | null;
  if (!response.ok) throw new PortalApiError(response.status, answer?.error ?? "server_error", answer?.error_description ?? "Something went wrong. Try again.");
  return (endpoint.success.schema ? (endpoint.success.schema as z.ZodType).parse(answer) : null) as SuccessOf<E>;
}

export const setupApi = {
  check: (body: BodyInputOf<typeof checkSetup>) => call(checkSetup, body),
  mailServer: (body: BodyInputOf<typeof saveSetupMailServer>) => call(saveSetupMailServer, body),
  testEmail: (body: BodyInputOf<typeof sendSetupTestEmail>) => call(sendSetupTestEmail, body),
  emailCode: (body: BodyInputOf<typeof sendSetupEmailCode>) => call(sendSetupEmailCode, body),
  administrator: (body: BodyInputOf<typeof createSetupAdministrator>) => call(createSetupAdministrator, body),
  complete: (body: BodyInputOf<typeof completeSetup>) => call(completeSetup, body),
};
