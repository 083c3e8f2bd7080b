import "server-only";

/**
 * Who is asking, as far as HTTP can tell: the client IP and the User-Agent, clipped so a hostile header
 * cannot bloat a row. The IP is the LAST X-Forwarded-For hop: the one our own proxy wrote (Vercel
 * replaces the header with the client's address; nginx's $proxy_add_x_forwarded_for appends the socket
 * address). Earlier hops are whatever the client sent, so trusting the first would let anyone choose
 * their own attempt-limit bucket. `next start` exposed without a proxy fills the header only when it is
 * absent, so deploy behind one (README, deployment).
 */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

export function requestContext(headers: Headers): RequestContext {
  const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  const ip = forwarded || headers.get("x-real-ip")?.trim() || null;
  const userAgent = headers.get("user-agent")?.slice(0, 512) || null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent };
}
