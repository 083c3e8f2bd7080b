import "server-only";

/**
 * Who is asking, as far as HTTP can tell: the client IP (first X-Forwarded-For hop, set by Vercel or
 * the reverse proxy in front of `next start`) and the User-Agent, clipped so a hostile header cannot
 * bloat a row.
 */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

export function requestContext(headers: Headers): RequestContext {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || headers.get("x-real-ip")?.trim() || null;
  const userAgent = headers.get("user-agent")?.slice(0, 512) || null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent };
}
