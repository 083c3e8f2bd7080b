import "server-only";
import { BlockList } from "node:net";
import { env } from "../env.ts";
import { verifiedRelayedClient } from "./relayed-client.ts";
import { ipFamily, type TrustedProxies } from "../kernel/trusted-proxies.ts";

/**
 * The client's IP address, decided in one place (docs/decisions/0015, "The client's address"):
 *
 * 1. The portal's relay, calling the API on a member's behalf, vouches for the member's address in a header
 *    signed with a key derived from APP_SECRET (lib/http/relayed-client.ts). A valid one wins.
 * 2. Otherwise the transport decides, by TRUSTED_PROXIES (lib/kernel/trusted-proxies.ts): the socket's peer,
 *    or the address the outermost trusted proxy saw in X-Forwarded-For, or Vercel's own header.
 *
 * Under `npm start` the custom server (server/main.ts) knows the socket and decides for every request,
 * writing the answer into CLIENT_ADDRESS_HEADER, which it always overwrites (a client's own is gone), for
 * Next's routes and for the paths it serves itself; route code reads it through requestContext. Without the
 * custom server (`next dev`, Next's standalone server.js, Vercel) the socket is out of sight: each route
 * decides from the headers with the peer unknown, so by default (no trusted proxy) the address is unknown
 * (null: nothing shown, no per-IP bucket; the per-account limits still hold), never a client's claim.
 */
export const CLIENT_ADDRESS_HEADER = "x-church-client-address";

export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * An address as one value: `[v6]:port`, `v4:port` and an IPv6 zone dropped, an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, what a dual-stack socket reports) written as the IPv4 address it is. Null when the
 * value is not an IP address.
 */
export function normalizeAddress(raw: string): string | null {
  let value = raw.trim();
  if (value.length === 0 || value.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const zone = value.indexOf("%");
  if (zone > 0) value = value.slice(0, zone);
  const family = ipFamily(value);
  if (family === "ipv4") return value;
  if (family === null) return null;
  const canonical = new URL(`http://[${value}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return value;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** At most this many X-Forwarded-For entries are looked at, from the right: more hops than any real chain. */
const MAX_FORWARDED_ENTRIES = 32;

function forwardedEntries(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(-MAX_FORWARDED_ENTRIES)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

const blockLists = new WeakMap<object, BlockList>();

function blockListOf(trust: Extract<TrustedProxies, { mode: "addresses" }>): BlockList {
  let list = blockLists.get(trust);
  if (!list) {
    list = new BlockList();
    for (const range of trust.ranges) list.addSubnet(range.address, range.prefix, range.family);
    blockLists.set(trust, list);
  }
  return list;
}

/** Whether a normalized address is in the list (BlockList also matches IPv4-mapped IPv6 against IPv4 ranges). */
function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, address.includes(":") ? "ipv6" : "ipv4");
}

/** Marks the peer as out of sight (no custom server): it is then no address at all. */
const UNKNOWN_PEER = Symbol("unknown peer");

/**
 * What the transport says: `peer` is the socket's remote address, or null when this code cannot see the
 * socket. Pure apart from the cached BlockList; unit-tested in client-address.test.ts.
 */
export function transportClientAddress(headers: HeaderReader, peer: string | null, trust: TrustedProxies): string | null {
  switch (trust.mode) {
    case "none":
      return peer === null ? null : normalizeAddress(peer);
    case "vercel": {
      // Vercel sets both and never passes on a client's own (docs: "Request headers").
      const vercel = forwardedEntries(headers.get("x-vercel-forwarded-for"))[0] ?? forwardedEntries(headers.get("x-real-ip"))[0];
      return vercel === undefined ? null : normalizeAddress(vercel);
    }
    case "hops": {
      // The chain the last proxy hands us: every address X-Forwarded-For lists, then the proxy itself (the
      // peer). The peer and the hops - 1 entries before it are our proxies; the entry before them is what
      // the outermost proxy saw. A shorter chain: its first entry (a request that skipped a proxy).
      const chain: (string | typeof UNKNOWN_PEER)[] = [...forwardedEntries(headers.get("x-forwarded-for")), peer ?? UNKNOWN_PEER];
      const chosen = chain[Math.max(0, chain.length - 1 - trust.hops)]!;
      return chosen === UNKNOWN_PEER ? null : normalizeAddress(chosen);
    }
    case "addresses": {
      // Walk from the peer leftwards while the address is a proxy we trust; the first one that is not is the
      // client (every entry up to it was written by a trusted proxy). All trusted: the leftmost. An entry
      // that is not an address ends the walk with no answer: a trusted proxy wrote nonsense.
      // Without the socket the peer cannot be checked, so it counts as untrusted and unknown.
      if (peer === null) return null;
      const list = blockListOf(trust);
      const chain = [...forwardedEntries(headers.get("x-forwarded-for")), peer];
      for (let index = chain.length - 1; index >= 0; index--) {
        const address = normalizeAddress(chain[index]!);
        if (address === null) return null;
        if (index === 0 || !isTrusted(list, address)) return address;
      }
      return null;
    }
  }
}

/** The client address of a request: the relay's signed word for a member, else what the transport says. */
export function resolveClientAddress(headers: HeaderReader, peer: string | null, trust: TrustedProxies): string | null {
  const relayed = verifiedRelayedClient(headers);
  return (relayed && normalizeAddress(relayed)) ?? transportClientAddress(headers, peer, trust);
}

const FROM_SERVER = Symbol.for("church.client-address-from-custom-server");
type GlobalWithFlag = typeof globalThis & { [FROM_SERVER]?: boolean };

/**
 * Called once by server/main.ts before it serves: from then on every request of this process carries the
 * address it decided in CLIENT_ADDRESS_HEADER. On globalThis because that server and the routes Next
 * compiled are separate bundles in one process, each with its own copy of this module.
 */
export function announceCustomServer(): void {
  (globalThis as GlobalWithFlag)[FROM_SERVER] = true;
}

/** The client address of the request with these headers, for route code (through requestContext). */
export function clientAddressOf(headers: HeaderReader): string | null {
  if ((globalThis as GlobalWithFlag)[FROM_SERVER]) {
    const decided = headers.get(CLIENT_ADDRESS_HEADER);
    return decided ? normalizeAddress(decided) : null;
  }
  return resolveClientAddress(headers, null, env().TRUSTED_PROXIES);
}
