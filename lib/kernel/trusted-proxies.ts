/**
 * TRUSTED_PROXIES: who may tell us the client's address (docs/decisions/0015, "The client's address").
 * Pure (no Node-only imports): lib/env.ts validates the variable with it wherever the configuration is read;
 * lib/http/client-address.ts turns the answer into a node:net BlockList and does the matching.
 *
 * - unset or `none`: nobody. The client is the socket's peer; X-Forwarded-For and X-Real-IP are ignored.
 * - a number of hops, `1` to `10`: that many proxies stand in front of the app, each appending the address
 *   it saw to X-Forwarded-For (nginx's `$proxy_add_x_forwarded_for`). The client is the address the
 *   outermost one saw.
 * - a comma-separated list of addresses, CIDR ranges (IPv4 and IPv6) and the names `loopback`
 *   (127.0.0.0/8, ::1) and `private` (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7): the proxies
 *   we trust. Walking X-Forwarded-For from the right, the first address that is not one of them is the
 *   client.
 * - `vercel`: Vercel's own `x-vercel-forwarded-for`, which Vercel sets and never takes from the client. Only
 *   on Vercel (`VERCEL=1`), where it is also the default.
 */
export type TrustedProxies =
  | { mode: "none" }
  | { mode: "hops"; hops: number }
  | { mode: "addresses"; ranges: readonly TrustedRange[] }
  | { mode: "vercel" };

export interface TrustedRange {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

export const MAX_TRUSTED_HOPS = 10;

const NAMED_RANGES: Record<string, readonly TrustedRange[]> = {
  loopback: [
    { address: "127.0.0.0", prefix: 8, family: "ipv4" },
    { address: "::1", prefix: 128, family: "ipv6" },
  ],
  private: [
    { address: "10.0.0.0", prefix: 8, family: "ipv4" },
    { address: "172.16.0.0", prefix: 12, family: "ipv4" },
    { address: "192.168.0.0", prefix: 16, family: "ipv4" },
    { address: "fc00::", prefix: 7, family: "ipv6" },
  ],
};

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The family of a literal IP address (no brackets, port or zone), or null when it is not one. */
export function ipFamily(value: string): "ipv4" | "ipv6" | null {
  if (IPV4.test(value)) return "ipv4";
  if (!value.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(value)) return null;
  // The WHATWG URL parser is the IPv6 grammar every runtime ships (Node, the Edge runtime, browsers).
  try {
    new URL(`http://[${value}]/`);
    return "ipv6";
  } catch {
    return null;
  }
}

export class TrustedProxiesError extends Error {
  override name = "TrustedProxiesError";
}

const USAGE = "a number of proxies (1-10), addresses and CIDR ranges (or loopback, private) separated by commas, vercel, or none";

function parseRange(item: string): readonly TrustedRange[] {
  const named = NAMED_RANGES[item.toLowerCase()];
  if (named) return named;
  const [address = "", prefixText, ...rest] = item.split("/");
  const family = ipFamily(address);
  if (!family || rest.length > 0) throw new TrustedProxiesError(`"${item.slice(0, 60)}" is not an IP address or CIDR range; use ${USAGE}`);
  const bits = family === "ipv4" ? 32 : 128;
  if (prefixText === undefined) return [{ address, prefix: bits, family }];
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) {
    throw new TrustedProxiesError(`"${item.slice(0, 60)}": the prefix length must be a whole number from 1 to ${bits}`);
  }
  const prefix = Number(prefixText);
  // /0 would trust every address on earth: anyone could then choose their own.
  if (prefix === 0) throw new TrustedProxiesError(`"${item.slice(0, 60)}" would trust every address, so anyone could choose theirs`);
  return [{ address, prefix, family }];
}

/**
 * Reads the variable. `onVercel` (Vercel sets `VERCEL=1` in its functions' environment) makes `vercel` the
 * default and the only place where `vercel` may be chosen: elsewhere anyone could send that header.
 */
export function parseTrustedProxies(value: string | undefined, onVercel: boolean): TrustedProxies {
  const text = (value ?? "").trim();
  if (text === "") return onVercel ? { mode: "vercel" } : { mode: "none" };
  const lower = text.toLowerCase();
  if (lower === "none") return { mode: "none" };
  if (lower === "vercel") {
    if (!onVercel) throw new TrustedProxiesError("vercel is only for deployments on Vercel (VERCEL=1): elsewhere anyone could send Vercel's header");
    return { mode: "vercel" };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > MAX_TRUSTED_HOPS) throw new TrustedProxiesError(`a number of proxies must be from 1 to ${MAX_TRUSTED_HOPS} (none: leave it empty)`);
    return { mode: "hops", hops };
  }
  const items = text.split(",").map((item) => item.trim());
  if (items.some((item) => item === "")) throw new TrustedProxiesError(`an empty entry; use ${USAGE}`);
  return { mode: "addresses", ranges: items.flatMap(parseRange) };
}

/** One line for the start-up log and the docs: what the server trusts. */
export function describeTrustedProxies(trust: TrustedProxies): string {
  switch (trust.mode) {
    case "none":
      return "none (the client is the socket's peer)";
    case "hops":
      return `${trust.hops} proxy hop${trust.hops === 1 ? "" : "s"} in X-Forwarded-For`;
    case "addresses":
      return trust.ranges.map((range) => `${range.address}/${range.prefix}`).join(", ");
    case "vercel":
      return "Vercel (x-vercel-forwarded-for)";
  }
}
