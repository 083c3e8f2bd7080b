import { describe, expect, it } from "vitest";
import { addressLine, isOnline, locationName, mapHref, onlineLink, safeExternalHref, webAddress } from "./event-location";

// Where an event is, as its page offers it (issue 38, item 7): an online event gets a real, safe link and never a map.
describe("an event's location", () => {
  const online = { name: "Grace Harbor Church Online", address: "https://live.example.org/grace-harbor/online-prayer-hour" };
  const campus = { name: "Harbor Point Campus · Main Auditorium", address: "100 Harbor Point Blvd, Boston, MA", coordinates: { latitude: 42.35, longitude: -71.04 } };

  it("turns the demo's online venue into a link to join, with its host, and no map", () => {
    expect(onlineLink(online)).toEqual({ href: online.address, host: "live.example.org", action: "Join online" });
    expect(isOnline(online)).toBe(true);
    expect(mapHref(online)).toBeNull();
    expect(addressLine(online)).toBeNull();
    expect(locationName(online)).toBe("Grace Harbor Church Online");
  });

  it("calls a stream a stream", () => {
    expect(onlineLink({ name: "Sunday livestream", address: "https://www.youtube.com/@graceharbor/live" })).toEqual({ href: "https://www.youtube.com/@graceharbor/live", host: "youtube.com", action: "Watch the stream" });
    expect(onlineLink({ name: "Online", address: "https://church.example.org/watch-live" })?.action).toBe("Watch the stream");
    expect(onlineLink({ name: "Zoom", address: "https://zoom.us/j/123456789" })?.action).toBe("Join online");
  });

  it("finds the address in the name too, and reads www. addresses as https", () => {
    const named = { name: "https://meet.example.com/prayer", address: "" };
    expect(onlineLink(named)?.href).toBe("https://meet.example.com/prayer");
    expect(locationName(named)).toBe("Online");
    expect(locationName(named, "En línea")).toBe("En línea");
    expect(locationName(online, "En línea")).toBe("Grace Harbor Church Online");
    expect(onlineLink({ name: "Online", address: "www.example.org/live" })?.href).toBe("https://www.example.org/live");
  });

  it("never links to javascript:, data: or other schemes, and offers no map for them", () => {
    for (const address of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "file:///etc/passwd", "//evil.example/x", "https:/broken"]) {
      expect(webAddress(address), address).toBeNull();
      expect(onlineLink({ name: "Online", address }), address).toBeNull();
      expect(mapHref({ name: "Somewhere", address }), address).toBeNull();
      expect(safeExternalHref(address), address).toBeNull();
    }
    expect(webAddress("https://exa mple.org")).toBeNull();
  });

  it("says online in words without an address: no map", () => {
    expect(isOnline({ name: "Grace Harbor Online", address: "Join by video or phone" })).toBe(true);
    expect(mapHref({ name: "Grace Harbor Online", address: "Join by video or phone" })).toBeNull();
    expect(addressLine({ name: "Grace Harbor Online", address: "Join by video or phone" })).toBe("Join by video or phone");
  });

  it("offers a map for a place: at its coordinates, or a search for a street address, never for one still to come", () => {
    expect(isOnline(campus)).toBe(false);
    expect(onlineLink(campus)).toBeNull();
    expect(mapHref(campus)).toBe("https://www.openstreetmap.org/?mlat=42.35&mlon=-71.04#map=17/42.35/-71.04");
    expect(mapHref({ name: "Parish hall", address: "12 Church Lane, Salem" })).toBe("https://www.openstreetmap.org/search?query=12%20Church%20Lane%2C%20Salem");
    expect(addressLine(campus)).toBe(campus.address);
    expect(mapHref({ name: "Host home in Dorchester", address: "Address shared with registered members" })).toBeNull();
    expect(mapHref({ name: "Youth room", address: "Address to be announced" })).toBeNull();
  });

  it("keeps an external registration address as written when it is http(s)", () => {
    expect(safeExternalHref("https://partner.example/register/harvest")).toBe("https://partner.example/register/harvest");
    expect(safeExternalHref(undefined)).toBeNull();
  });
});
