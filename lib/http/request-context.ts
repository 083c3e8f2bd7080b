import "server-only";
import type { RequestContext } from "../kernel/request-context.ts";
import { clientAddressOf } from "./client-address.ts";

export type { RequestContext };

/**
 * The request's context for the services (lib/kernel/request-context.ts). The IP is decided in one place,
 * lib/http/client-address.ts, by TRUSTED_PROXIES: never a client's own X-Forwarded-For unless it came
 * through a proxy we were told to trust.
 */
export function requestContext(headers: Headers): RequestContext {
  const ip = clientAddressOf(headers);
  const userAgent = headers.get("user-agent")?.slice(0, 512) || null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent };
}
