import { beforeAll, describe, expect, it } from "vitest";
import { normalizeAddress, resolveClientAddress, transportClientAddress } from "./client-address.ts";
import { relayedClientHeader } from "./relayed-client.ts";
import { parseTrustedProxies, TrustedProxiesError, type TrustedProxies } from "../kernel/trusted-proxies.ts";

beforeAll(() => {
  process.env.APP_SECRET = "unit-test-secret-0123456789abcdef0123456789";
  // Vitest sets BASE_URL to "/" (Vite's base path); the app's own must be a URL.
  process.env.BASE_URL = "http://127.0.0.1:3999";
});

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });
const trust = (value: string | undefined, onVercel = false): TrustedProxies => parseTrustedProxies(value, onVercel);

describe("TRUSTED_PROXIES", () => {
  it("is none when unset, empty or none; vercel by default on Vercel", () => {
    expect(trust(undefined)).toEqual({ mode: "none" });
    expect(trust("  ")).toEqual({ mode: "none" });
    expect(trust("NONE")).toEqual({ mode: "none" });
    expect(trust(undefined, true)).toEqual({ mode: "vercel" });
    expect(trust("none", true)).toEqual({ mode: "none" });
    expect(trust("vercel", true)).toEqual({ mode: "vercel" });
  });

  it("reads a number of hops, and addresses, CIDR ranges and named ranges", () => {
    expect(trust("2")).toEqual({ mode: "hops", hops: 2 });
    expect(trust("10.0.0.5, 192.168.0.0/16, 2001:db8::/32, ::1, loopback")).toEqual({
      mode: "addresses",
      ranges: [
        { address: "10.0.0.5", prefix: 32, family: "ipv4" },
        { address: "192.168.0.0", prefix: 16, family: "ipv4" },
        { address: "2001:db8::", prefix: 32, family: "ipv6" },
        { address: "::1", prefix: 128, family: "ipv6" },
        { address: "127.0.0.0", prefix: 8, family: "ipv4" },
        { address: "::1", prefix: 128, family: "ipv6" },
      ],
    });
  });

  it.each([
    ["vercel", "vercel is only for deployments on Vercel"],
    ["0", "a number of proxies must be from 1 to 10"],
    ["11", "a number of proxies must be from 1 to 10"],
    ["10.0.0.0/33", "the prefix length must be a whole number from 1 to 32"],
    ["2001:db8::/129", "from 1 to 128"],
    ["0.0.0.0/0", "would trust every address"],
    ["::/0", "would trust every address"],
    ["10.0.0.256", "is not an IP address or CIDR range"],
    ["010.0.0.1", "is not an IP address or CIDR range"],
    ["10.0.0.0/8/8", "is not an IP address or CIDR range"],
    ["example.org", "is not an IP address or CIDR range"],
    ["1:2:3:4:5:6:7:8:9", "is not an IP address or CIDR range"],
    ["10.0.0.1,,10.0.0.2", "an empty entry"],
    ["-1", "is not an IP address"],
  ])("refuses %j", (value, message) => {
    expect(() => trust(value)).toThrow(TrustedProxiesError);
    expect(() => trust(value)).toThrow(message);
  });
});

describe("normalizeAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:4711", "203.0.113.7"],
    ["2001:db8::7", "2001:db8::7"],
    ["[2001:db8::7]:443", "2001:db8::7"],
    ["[2001:db8::7]", "2001:db8::7"],
    ["fe80::1%eth0", "fe80::1"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["0:0:0:0:0:ffff:7f00:1", "127.0.0.1"],
    ["::1", "::1"],
  ])("%j → %j", (raw, normalized) => {
    expect(normalizeAddress(raw)).toBe(normalized);
  });

  it.each(["", "unknown", "not-an-ip", "999.999.999.999", "1.2.3", "x".repeat(1500), "203.0.113.7, 10.0.0.1", "::ffff:999.1.1.1", "_gazonk"])("%j is no address", (raw) => {
    expect(normalizeAddress(raw)).toBeNull();
  });
});

describe("the client's address by the transport", () => {
  it("by default is the socket's peer, whatever X-Forwarded-For and X-Real-IP claim", () => {
    const claims = headers({ "x-forwarded-for": "198.51.100.1", "x-real-ip": "198.51.100.2", "x-vercel-forwarded-for": "198.51.100.3" });
    expect(transportClientAddress(claims, "203.0.113.7", trust(undefined))).toBe("203.0.113.7");
    expect(transportClientAddress(claims, "::ffff:203.0.113.7", trust(undefined))).toBe("203.0.113.7");
    // Without the socket (no custom server) the address is unknown, never the claim.
    expect(transportClientAddress(claims, null, trust(undefined))).toBeNull();
  });

  it("with hops, is the address the outermost proxy saw", () => {
    const chain = headers({ "x-forwarded-for": "198.51.100.1, 203.0.113.7, 10.0.0.2" });
    expect(transportClientAddress(chain, "10.0.0.3", trust("1"))).toBe("10.0.0.2");
    expect(transportClientAddress(chain, "10.0.0.3", trust("2"))).toBe("203.0.113.7");
    expect(transportClientAddress(chain, "10.0.0.3", trust("3"))).toBe("198.51.100.1");
    // A chain shorter than the hops (a request that skipped a proxy): its first address.
    expect(transportClientAddress(chain, "10.0.0.3", trust("5"))).toBe("198.51.100.1");
    expect(transportClientAddress(headers({}), "10.0.0.3", trust("1"))).toBe("10.0.0.3");
    // Without the socket the last proxy is the peer we cannot see: the same answers.
    expect(transportClientAddress(chain, null, trust("1"))).toBe("10.0.0.2");
    expect(transportClientAddress(chain, null, trust("2"))).toBe("203.0.113.7");
    expect(transportClientAddress(headers({}), null, trust("1"))).toBeNull();
    // What the client wrote stays left of what our proxy appended: it cannot reach the chosen place.
    expect(transportClientAddress(headers({ "x-forwarded-for": "1.1.1.1, 2.2.2.2, 203.0.113.7" }), "10.0.0.3", trust("1"))).toBe("203.0.113.7");
    expect(transportClientAddress(headers({ "x-forwarded-for": "garbage, 203.0.113.7:5555" }), "10.0.0.3", trust("1"))).toBe("203.0.113.7");
    expect(transportClientAddress(headers({ "x-forwarded-for": "203.0.113.7, garbage" }), "10.0.0.3", trust("1"))).toBeNull();
  });

  it("with trusted addresses, walks X-Forwarded-For from the right to the first address that is not a proxy", () => {
    const ranges = trust("10.0.0.0/8, 2001:db8:ffff::/48, loopback");
    const chain = (value: string) => headers({ "x-forwarded-for": value });
    expect(transportClientAddress(chain("198.51.100.1, 203.0.113.7, 10.1.1.1"), "10.0.0.3", ranges)).toBe("203.0.113.7");
    expect(transportClientAddress(chain("203.0.113.7"), "127.0.0.1", ranges)).toBe("203.0.113.7");
    expect(transportClientAddress(chain("2001:db8::7, 2001:db8:ffff::1"), "::1", ranges)).toBe("2001:db8::7");
    expect(transportClientAddress(chain("2001:db8::7"), "::ffff:10.0.0.3", ranges)).toBe("2001:db8::7");
    expect(transportClientAddress(chain("::ffff:203.0.113.7"), "10.0.0.3", ranges)).toBe("203.0.113.7");
    // A peer that is not a proxy we trust is the client, whatever it claims.
    expect(transportClientAddress(chain("198.51.100.1"), "203.0.113.7", ranges)).toBe("203.0.113.7");
    expect(transportClientAddress(chain("198.51.100.1"), "::ffff:203.0.113.7", ranges)).toBe("203.0.113.7");
    // Every hop trusted: the leftmost; no header: the peer.
    expect(transportClientAddress(chain("10.9.9.9, 127.0.0.2"), "10.0.0.3", ranges)).toBe("10.9.9.9");
    expect(transportClientAddress(headers({}), "127.0.0.1", ranges)).toBe("127.0.0.1");
    // Nonsense where the client should be: unknown, never the nonsense.
    expect(transportClientAddress(chain("not-an-ip"), "127.0.0.1", ranges)).toBeNull();
    // Without the socket the peer cannot be checked: unknown.
    expect(transportClientAddress(chain("203.0.113.7"), null, ranges)).toBeNull();
    // Not a trusted range: 2001:db8:fffe:: is outside the /48.
    expect(transportClientAddress(chain("198.51.100.1"), "2001:db8:fffe::1", ranges)).toBe("2001:db8:fffe::1");
  });

  it("on Vercel, is Vercel's own header", () => {
    const vercel = trust(undefined, true);
    expect(transportClientAddress(headers({ "x-vercel-forwarded-for": "203.0.113.7", "x-forwarded-for": "198.51.100.1" }), null, vercel)).toBe("203.0.113.7");
    expect(transportClientAddress(headers({ "x-real-ip": "2001:db8::7" }), null, vercel)).toBe("2001:db8::7");
    expect(transportClientAddress(headers({ "x-forwarded-for": "198.51.100.1" }), null, vercel)).toBeNull();
  });
});

describe("the relay's signed address", () => {
  const authorization = "Bearer some.access.token";

  it("wins over the transport when it is ours, fresh and for this Authorization header", () => {
    const signed = headers({ authorization, "x-relayed-client": relayedClientHeader("203.0.113.7", authorization) });
    expect(resolveClientAddress(signed, "127.0.0.1", trust(undefined))).toBe("203.0.113.7");
    const v6 = headers({ authorization, "x-relayed-client": relayedClientHeader("2001:db8::7", authorization) });
    expect(resolveClientAddress(v6, "127.0.0.1", trust(undefined))).toBe("2001:db8::7");
  });

  it("is ignored when forged, tampered, stale or replayed with another token", () => {
    const genuine = relayedClientHeader("203.0.113.7", authorization);
    const cases: Record<string, string>[] = [
      { authorization, "x-relayed-client": `ip=203.0.113.7; t=${Math.floor(Date.now() / 1000)}; sig=${"A".repeat(43)}` },
      { authorization, "x-relayed-client": genuine.replace("203.0.113.7", "203.0.113.8") },
      { authorization, "x-relayed-client": relayedClientHeader("203.0.113.7", authorization, Date.now() - 120_000) },
      { authorization: "Bearer another.access.token", "x-relayed-client": genuine },
      { "x-relayed-client": genuine },
      { authorization, "x-relayed-client": `${genuine} ` + "x".repeat(300) },
    ];
    for (const values of cases) expect(resolveClientAddress(headers(values), "127.0.0.1", trust(undefined))).toBe("127.0.0.1");
  });
});
