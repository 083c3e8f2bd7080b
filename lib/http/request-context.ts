import "server-only";
import { clientAddressOf } from "./client-address.ts";

/**
 * Who is asking, as far as HTTP can tell: the client IP and the User-Agent, clipped so a hostile header
 * cannot bloat a row. The IP is decided in one place, lib/http/client-address.ts, by TRUSTED_PROXIES:
 * never a client's own X-Forwarded-For unless it came through a proxy we were told to trust. Null when
 * unknown (then no per-IP bucket applies; the per-account limits still do).
 */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

export function requestContext(headers: Headers): RequestContext {
  const ip = clientAddressOf(headers);
  const userAgent = headers.get("user-agent")?.slice(0, 512) || null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent };
}
