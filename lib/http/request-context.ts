import "server-only";
import type { Database } from "../db/database.ts";
import type { HeaderReader } from "../kernel/header-reader.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clientAddressOf, normalizeAddress } from "./client-address.ts";
import { verifiedRelayedFormClient, type RelayedFormEndpoint } from "./relayed-client.ts";

export type { RequestContext };

/**
 * The request's context for the services (lib/kernel/request-context.ts). The IP is decided in one place,
 * lib/http/client-address.ts, by TRUSTED_PROXIES: never a client's own X-Forwarded-For unless it came
 * through a proxy we were told to trust.
 */
export function requestContext(headers: HeaderReader): RequestContext {
  const ip = clientAddressOf(headers);
  const userAgent = headers.get("user-agent")?.slice(0, 512) || null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent };
}

/**
 * The context of an OAuth form post (the device authorization and token endpoints): the lobby kiosk page
 * relays its tablet's, signed for this very form (lib/http/relayed-client.ts), which wins over the
 * transport's answer (the page's own server); anyone else gets requestContext's.
 */
export async function oauthFormContext(database: Database, headers: HeaderReader, endpoint: RelayedFormEndpoint, form: URLSearchParams): Promise<RequestContext> {
  const context = requestContext(headers);
  const relayed = await verifiedRelayedFormClient(database, headers, endpoint, form);
  const ip = relayed === null ? null : normalizeAddress(relayed);
  return ip ? { ...context, ip } : context;
}
