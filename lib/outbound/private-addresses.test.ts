import { describe, expect, it } from "vitest";
import { ipv6Bytes, isPrivateAddress } from "./private-addresses.ts";

describe("isPrivateAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fe80::1", "fd12:3456::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "not an address"])(
    "refuses %s",
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111", "::ffff:93.184.216.34"])("lets %s through", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each([
    // IPv4-compatible (::/96, deprecated): whatever IPv4 address is inside, written dotted or as a URL writes it.
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::7f00:1", "IPv4-compatible loopback as new URL() writes it"],
    ["::8.8.8.8", "IPv4-compatible public address"],
    ["::a00:1", "IPv4-compatible private address"],
    // Site-local (fec0::/10, deprecated).
    ["fec0::1", "site-local"],
    ["feff:ffff::1", "the top of site-local"],
    // IPv4-mapped in hex, as new URL("https://[::ffff:127.0.0.1]/").hostname writes it.
    ["::ffff:7f00:1", "IPv4-mapped loopback in hex"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped cloud metadata in hex"],
    ["0:0:0:0:0:ffff:c0a8:0101", "IPv4-mapped private address written in full"],
    // IPv4-translated (SIIT), local-use NAT64, and NAT64's well-known prefix around a private address.
    ["::ffff:0:a00:1", "IPv4-translated"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    ["64:ff9b::10.0.0.1", "NAT64 of a private address"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    // 6to4 around a private address; Teredo with a private server or client.
    ["2002:c0a8:0101::1", "6to4 of 192.168.1.1"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2001:0:a00:1::ffff:ffff", "Teredo with a private server"],
    ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo with a private client (10.0.0.1 inverted)"],
    // Benchmarking, ORCHID, documentation, SRv6, multicast; a zone only means something on this host's link.
    ["2001:2::1", "benchmarking"],
    ["2001:10::1", "ORCHID"],
    ["2001:20::1", "ORCHIDv2"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation (RFC 9637)"],
    ["5f00::1", "SRv6"],
    ["ff02::1", "multicast"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["192.88.99.1", "6to4 relay anycast"],
  ])("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ["64:ff9b::808:808", "NAT64 of a public address (what DNS64 hands an IPv6-only server)"],
    ["64:ff9b::93.184.216.34", "NAT64 of a public address, dotted"],
    ["2002:5db8:d822::1", "6to4 of a public address"],
    ["2001:0:4136:e378:8000:63bf:a247:27dd", "Teredo with a public server and client (93.184.216.34 inverted)"],
    ["2a00:1450:4001:80b::200e", "a public address"],
    ["fe00::1", "just below site-local, outside link-local"],
  ])("lets %s through (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it("judges what new URL() makes of bracketed hosts, not how they were typed", () => {
    for (const typed of ["[::ffff:127.0.0.1]", "[::127.0.0.1]", "[fec0::1]", "[64:ff9b::10.0.0.1]"]) {
      const host = new URL(`https://${typed}/`).hostname.replace(/^\[|\]$/g, "");
      expect([typed, isPrivateAddress(host)]).toEqual([typed, true]);
    }
  });
});

describe("ipv6Bytes", () => {
  const hex = (address: string) => Buffer.from(ipv6Bytes(address) ?? []).toString("hex");

  it.each([
    ["::", "00000000000000000000000000000000"],
    ["::1", "00000000000000000000000000000001"],
    ["::ffff:1.2.3.4", "00000000000000000000ffff01020304"],
    ["::1.2.3.4", "00000000000000000000000001020304"],
    ["1::1.2.3.4", "00010000000000000000000001020304"],
    ["1:2:3:4:5:6:1.2.3.4", "00010002000300040005000601020304"],
    ["2001:db8::8a2e:370:7334", "20010db80000000000008a2e03707334"],
    ["fe80::1%eth0", "fe800000000000000000000000000001"],
    ["1:2:3:4:5:6:7:8", "00010002000300040005000600070008"],
  ])("%s is %s", (address, bytes) => {
    expect(hex(address)).toBe(bytes);
  });

  it("is null for what is not an IPv6 address", () => {
    for (const address of ["1.2.3.4", "1:2", "::g", "", "1:2:3:4:5:6:7:8:9"]) expect(ipv6Bytes(address)).toBeNull();
  });
});
