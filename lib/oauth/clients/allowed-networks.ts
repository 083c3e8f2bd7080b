import "server-only";
import { BlockList, isIP } from "node:net";
import { NETWORK_ENTRY_PROBLEM } from "./staff-schemas.ts";

/**
 * A kiosk client's campus networks (`client.allowed_networks`, docs/decisions/0023 "Kiosks"): addresses and
 * CIDR ranges, IPv4 or IPv6, that its device grant may start from, its tokens be fetched and refreshed from,
 * and its access tokens be used from. An empty list means anywhere. Addresses are read by Node's own parser
 * (node:net `isIP`) and matched by node:net's BlockList, which also matches an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, what a dual-stack socket reports) against an IPv4 range. The staff API's schema
 * checks the same entries with zod's IP and CIDR formats first (lib/oauth/clients/staff-schemas.ts).
 */

/** The refusal on every surface, in words a volunteer at the tablet can act on. */
export const OUTSIDE_ALLOWED_NETWORKS = "this kiosk may be used only on its campus's networks";

interface Network {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** An entry as a network, or null with nothing thrown when it is not an address or a range (the caller names it). */
export function parseNetwork(entry: string): Network | null {
  const [address = "", prefixText, ...rest] = entry.split("/");
  if (rest.length > 0) return null;
  const version = isIP(address);
  // A zone (fe80::1%eth0) names an interface of one machine, never a campus's network.
  if (version === 0 || address.includes("%")) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  // /0 would be every address on earth: an empty list says "anywhere" plainly.
  if (prefix < 1 || prefix > bits) return null;
  const network = { address, prefix, family } as const;
  try {
    new BlockList().addSubnet(network.address, network.prefix, network.family);
  } catch {
    return null;
  }
  return network;
}

/** Why an entry cannot be kept, or null when it is a network. */
export function networkProblem(entry: string): string | null {
  return parseNetwork(entry) ? null : NETWORK_ENTRY_PROBLEM;
}

// One BlockList per distinct list, kept while the process lives; a client's list changes rarely.
const lists = new Map<string, BlockList>();
const MAX_CACHED_LISTS = 500;

function blockListOf(networks: readonly string[]): BlockList {
  const key = networks.join(",");
  let list = lists.get(key);
  if (!list) {
    list = new BlockList();
    for (const entry of networks) {
      // An entry that is not a network (a row written by hand) matches nothing: the client is then refused, not opened up.
      const network = parseNetwork(entry.trim());
      if (network) list.addSubnet(network.address, network.prefix, network.family);
    }
    if (lists.size >= MAX_CACHED_LISTS) lists.clear();
    lists.set(key, list);
  }
  return list;
}

/**
 * Whether a client with these networks may be used from `address` (lib/http/client-address.ts's answer, or
 * the kiosk page's signed word for the tablet). Empty (or null, a row written before the column): anywhere.
 * An unknown address is outside every network.
 */
export function isWithinAllowedNetworks(networks: readonly string[] | null, address: string | null): boolean {
  if (!networks || networks.length === 0) return true;
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return blockListOf(networks).check(address, family === 4 ? "ipv4" : "ipv6");
}
