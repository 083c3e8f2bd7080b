import { BlockList, isIP } from "node:net";

/**
 * Addresses an outbound call to a client must not reach unless the operator allows it
 * (OUTBOUND_ALLOW_PRIVATE_ADDRESSES): this host, the private networks behind it, link-local (cloud metadata
 * at 169.254.169.254), shared address space, multicast and the reserved ranges (RFC 6890 and IANA's
 * special-purpose registries). A client that registers `https://10.0.0.5/` or a name resolving there must
 * not turn our server into its proxy.
 *
 * IPv6 is judged on its 16 bytes, not on how it is written: `[::ffff:127.0.0.1]` reaches us from a URL as
 * `::ffff:7f00:1`, and `[::127.0.0.1]` as `::7f00:1`. Where an IPv6 address carries an IPv4 address that a
 * translator or tunnel on the way would deliver to (IPv4-mapped, NAT64's well-known prefix, 6to4, Teredo),
 * the IPv4 address inside is judged as well, so a private one is refused however it is wrapped.
 */
const BLOCKED_V4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  // 6to4 relay anycast (deprecated, RFC 7526): whichever relay answers, not a host of the client's.
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED_V4.addSubnet(network, prefix, "ipv4");
}

/** IPv6 ranges refused whatever follows their prefix. */
const BLOCKED_V6: readonly (readonly [network: string, prefix: number])[] = [
  // IPv4-compatible addresses (deprecated, RFC 4291 2.5.5.1), with the unspecified `::` and loopback `::1`
  // inside: no public host is reached this way, and stacks that still honour them deliver to the IPv4 inside.
  ["::", 96],
  // IPv4-translated addresses of SIIT (RFC 2765, obsolete): a translator's own, never a public host's.
  ["::ffff:0:0:0", 96],
  // Local-use IPv4/IPv6 translation (RFC 8215): translated by the operator's own rules, so its IPv4 cannot be judged.
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // Benchmarking (RFC 5180), ORCHID and ORCHIDv2 (RFC 4843, 7343): not routed on the internet.
  ["2001:2::", 48],
  ["2001:10::", 28],
  ["2001:20::", 28],
  // Documentation (RFC 3849, RFC 9637).
  ["2001:db8::", 32],
  ["3fff::", 20],
  // SRv6 segment identifiers (RFC 9602): inside one operator's network only.
  ["5f00::", 16],
  // Unique local (RFC 4193), link-local, site-local (deprecated by RFC 3879 but still routed locally by some
  // stacks), multicast.
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

/** The 16 bytes of an IPv6 address in any of its written forms (`::`, an IPv4 tail, a zone), or null when it is not one. */
export function ipv6Bytes(address: string): Uint8Array | null {
  if (isIP(address) !== 6) return null;
  let text = address.split("%")[0]!;
  // An IPv4 tail (`::ffff:1.2.3.4`) is the last two groups.
  const tailGroups: number[] = [];
  const tail = /:(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1, 5).map(Number) as [number, number, number, number];
    tailGroups.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, tail.index + 1);
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  let groups: number[];
  if (halves.length === 1) {
    groups = [...parse(halves[0]!), ...tailGroups];
  } else {
    const front = parse(halves[0]!);
    const back = [...parse(halves[1]!), ...tailGroups];
    groups = [...front, ...new Array<number>(Math.max(0, 8 - front.length - back.length)).fill(0), ...back];
  }
  if (groups.length !== 8 || groups.some((group) => !(group >= 0 && group <= 0xffff))) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

function inPrefix(bytes: Uint8Array, network: Uint8Array, prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 1) {
    const mask = 0x80 >> bit % 8;
    if ((bytes[bit >> 3]! & mask) !== (network[bit >> 3]! & mask)) return false;
  }
  return true;
}

const BLOCKED_V6_BYTES = BLOCKED_V6.map(([network, prefix]) => ({ network: ipv6Bytes(network)!, prefix }));
const MAPPED = ipv6Bytes("::ffff:0:0")!;
const NAT64 = ipv6Bytes("64:ff9b::")!;
const SIX_TO_FOUR = ipv6Bytes("2002::")!;
const TEREDO = ipv6Bytes("2001::")!;

function dotted(bytes: Uint8Array, from: number, invert = false): string {
  return Array.from(bytes.subarray(from, from + 4), (byte) => (invert ? ~byte & 0xff : byte)).join(".");
}

/** The IPv4 addresses an IPv6 address carries for a translator or tunnel to deliver to (none for most). */
function embeddedIpv4(bytes: Uint8Array): string[] {
  if (inPrefix(bytes, MAPPED, 96) || inPrefix(bytes, NAT64, 96)) return [dotted(bytes, 12)];
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 is the site behind A.B.C.D.
  if (inPrefix(bytes, SIX_TO_FOUR, 16)) return [dotted(bytes, 2)];
  // Teredo (RFC 4380): the server's address in bytes 4-7, the client's (bits inverted) in the last four.
  if (inPrefix(bytes, TEREDO, 32)) return [dotted(bytes, 4), dotted(bytes, 12, true)];
  return [];
}

/** Whether this IP address (v4 or v6, in any written form) is one no outbound call may reach; anything else is refused too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED_V4.check(address, "ipv4");
  if (family !== 6) return true;
  // A zone (`fe80::1%eth0`) only means something on a link of this host.
  if (address.includes("%")) return true;
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  if (BLOCKED_V6_BYTES.some(({ network, prefix }) => inPrefix(bytes, network, prefix))) return true;
  return embeddedIpv4(bytes).some((inner) => BLOCKED_V4.check(inner, "ipv4"));
}
