import { describe, expect, it } from "vitest";
import { isWithinAllowedNetworks, networkProblem, parseNetwork } from "./allowed-networks.ts";

// A kiosk client's campus networks (issue 36, section 4): node:net's parser and BlockList, no hand-made matching.
describe("allowed networks", () => {
  it("reads addresses and CIDR ranges of both families, and refuses anything else", () => {
    expect(parseNetwork("203.0.113.7")).toEqual({ address: "203.0.113.7", prefix: 32, family: "ipv4" });
    expect(parseNetwork("203.0.113.0/24")).toEqual({ address: "203.0.113.0", prefix: 24, family: "ipv4" });
    expect(parseNetwork("2001:db8:5::/48")).toEqual({ address: "2001:db8:5::", prefix: 48, family: "ipv6" });
    for (const bad of ["", "campus", "203.0.113.0/", "203.0.113.0/33", "203.0.113.0/0", "::/0", "2001:db8::/129", "1.2.3.4/24/1", "01.2.3.4", "300.1.1.1", "fe80::1%eth0", "1.2.3.4/ 8", "1.2.3.4/-1"]) {
      expect(parseNetwork(bad), bad).toBeNull();
      expect(networkProblem(bad), bad).toMatch(/^must be an IP address or a CIDR range/);
    }
    expect(networkProblem("10.0.0.0/8")).toBeNull();
  });

  it("matches an address against the list; empty means anywhere, an unknown address nowhere", () => {
    const campus = ["203.0.113.0/24", "2001:db8:5::/48", "198.51.100.9"];
    expect(isWithinAllowedNetworks([], "192.0.2.1")).toBe(true);
    expect(isWithinAllowedNetworks(null, null)).toBe(true);
    expect(isWithinAllowedNetworks(campus, "203.0.113.200")).toBe(true);
    expect(isWithinAllowedNetworks(campus, "::ffff:203.0.113.200")).toBe(true);
    expect(isWithinAllowedNetworks(campus, "2001:db8:5:1::7")).toBe(true);
    expect(isWithinAllowedNetworks(campus, "198.51.100.9")).toBe(true);
    expect(isWithinAllowedNetworks(campus, "198.51.100.10")).toBe(false);
    expect(isWithinAllowedNetworks(campus, "203.0.114.1")).toBe(false);
    expect(isWithinAllowedNetworks(campus, "2001:db8:6::1")).toBe(false);
    expect(isWithinAllowedNetworks(campus, null)).toBe(false);
    expect(isWithinAllowedNetworks(campus, "not an address")).toBe(false);
    // A row written by hand with nonsense in it opens nothing.
    expect(isWithinAllowedNetworks(["campus wifi"], "203.0.113.1")).toBe(false);
  });
});
