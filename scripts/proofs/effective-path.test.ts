import { describe, expect, it } from "vitest";
import { effectivePath } from "./fuzz.ts";

// The fuzz's judge decides which surface's rules apply by the path the server routes.
describe("effectivePath", () => {
  it.each([
    ["/api/calendar/events/", "/api/calendar/events"],
    ["/api/calendar/x/../../v1/users", "/api/v1/users"],
    ["/a//b\\c/%2E", "/a/b/c"],
    ["/..", "/"],
    // Node 20's URL parser leaves these as they are; Next's router resolves them (a fuzz run found it).
    ["/api/calendar/.z_/%2e%2e", "/api/calendar"],
    ["/api/calendar/.x/../../v1", "/api/v1"],
  ])("%s is routed as %s", (path, routed) => {
    expect(effectivePath(path)).toBe(routed);
  });
});
