import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { resolveClientAddress } from "./client-address.ts";
import { oauthFormContext } from "./request-context.ts";
import { relayedClientHeader, relayedFormClientHeader, verifiedRelayedFormClient } from "./relayed-client.ts";
import { parseTrustedProxies } from "../kernel/trusted-proxies.ts";

// The kiosk page's signed word for its tablet's address on a public client's form post (issue 36, section 4):
// bound to the endpoint and every parameter of the form, good once, for a minute.
const database = serviceTestDatabase();

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });
const DEVICE = "/oauth/device_authorization" as const;
const TOKEN = "/oauth/token" as const;

describe("the relay's signed address on a form post", () => {
  const start = () => new URLSearchParams({ client_id: "demo-checkin-kiosk", scope: "openid check-in:kiosk" });
  const poll = (deviceCode: string) => new URLSearchParams({ client_id: "demo-checkin-kiosk", grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: deviceCode });

  it("is believed for its own form, whatever the order of its parameters, once", async () => {
    const header = relayedFormClientHeader("203.0.113.7", DEVICE, start());
    const reordered = new URLSearchParams({ scope: "openid check-in:kiosk", client_id: "demo-checkin-kiosk" });
    expect(await verifiedRelayedFormClient(database, headers({ "x-relayed-client": header }), DEVICE, reordered)).toBe("203.0.113.7");
    // The same header again, even on the same form: its nonce is spent.
    expect(await verifiedRelayedFormClient(database, headers({ "x-relayed-client": header }), DEVICE, start())).toBeNull();
  });

  it("is ignored for another form, another endpoint, tampered, stale, forged or malformed", async () => {
    const code = "a".repeat(43);
    const cases: [string, string, typeof DEVICE | typeof TOKEN, URLSearchParams][] = [
      ["another client", relayedFormClientHeader("203.0.113.7", DEVICE, start()), DEVICE, new URLSearchParams({ client_id: "demo-kiosk", scope: "openid check-in:kiosk" })],
      ["another scope", relayedFormClientHeader("203.0.113.7", DEVICE, start()), DEVICE, new URLSearchParams({ client_id: "demo-checkin-kiosk", scope: "openid" })],
      ["a parameter added", relayedFormClientHeader("203.0.113.7", DEVICE, start()), DEVICE, new URLSearchParams({ client_id: "demo-checkin-kiosk", scope: "openid check-in:kiosk", x: "1" })],
      ["another device code", relayedFormClientHeader("203.0.113.7", TOKEN, poll(code)), TOKEN, poll("b".repeat(43))],
      ["another endpoint", relayedFormClientHeader("203.0.113.7", DEVICE, start()), TOKEN, start()],
      ["another address", relayedFormClientHeader("203.0.113.7", DEVICE, start()).replace("203.0.113.7", "203.0.113.8"), DEVICE, start()],
      ["a minute too old", relayedFormClientHeader("203.0.113.7", DEVICE, start(), Date.now() - 120_000), DEVICE, start()],
      ["forged", `ip=203.0.113.7; t=${Math.floor(Date.now() / 1000)}; n=${"A".repeat(22)}; sig=${"A".repeat(43)}`, DEVICE, start()],
      ["without its nonce", relayedFormClientHeader("203.0.113.7", DEVICE, start()).replace(/ n=[^;]+;/, ""), DEVICE, start()],
      ["an Authorization header's", relayedClientHeader("203.0.113.7", "Bearer x"), DEVICE, start()],
    ];
    for (const [label, header, endpoint, form] of cases) {
      expect(await verifiedRelayedFormClient(database, headers({ "x-relayed-client": header }), endpoint, form), label).toBeNull();
    }
  });

  it("never passes for an Authorization header's, and the form's context falls back to the transport", async () => {
    const formHeader = relayedFormClientHeader("203.0.113.7", DEVICE, start());
    const trust = parseTrustedProxies(undefined, false);
    expect(resolveClientAddress(headers({ authorization: "Bearer x", "x-relayed-client": formHeader }), "127.0.0.1", trust)).toBe("127.0.0.1");
    // Without the custom server, and no trusted proxy, the transport's answer is "unknown".
    expect(await oauthFormContext(database, headers({ "x-relayed-client": "ip=1.2.3.4; t=1; n=x; sig=y", "user-agent": "Tablet" }), DEVICE, start())).toEqual({ ip: null, userAgent: "Tablet" });
    const fresh = relayedFormClientHeader("::ffff:203.0.113.9", DEVICE, start());
    expect(await oauthFormContext(database, headers({ "x-relayed-client": fresh }), DEVICE, start())).toEqual({ ip: "203.0.113.9", userAgent: null });
  });
});
