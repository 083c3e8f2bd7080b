import type { z } from "zod";
import type { BodyInputOf, Endpoint, SuccessOf } from "../openapi/endpoint.ts";
import { PortalApiError } from "./client.ts";

/**
 * A public endpoint (no token: the setup wizard's, an invitation's), called straight from the page. A refusal
 * is a PortalApiError, as the portal's pages read one.
 */
export async function callPublicEndpoint<E extends Endpoint>(endpoint: E, body: BodyInputOf<E>): Promise<SuccessOf<E>> {
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
