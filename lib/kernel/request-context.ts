/**
 * Who is asking, as far as HTTP can tell: the client IP and the User-Agent, clipped so a hostile header
 * cannot bloat a row. Services take it to rate-limit and to write the security log; only the wrappers
 * build it (lib/http/request-context.ts decides the IP by TRUSTED_PROXIES). Null when unknown (then no
 * per-IP bucket applies; the per-account limits still do). A kernel module: any layer may import it.
 */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}
