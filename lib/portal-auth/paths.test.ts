import { describe, expect, it } from "vitest";
import { portalRefreshHref, portalSignInHref, safeReturnPath } from "./paths.ts";

const BASE = "http://127.0.0.1:3000";

describe("safeReturnPath", () => {
  it.each([
    ["/account", "/account"],
    ["/calendar?type=SERVICE", "/calendar?type=SERVICE"],
    ["/", "/"],
    [`${BASE}/account`, "/account"],
    [`${BASE}/calendar?type=COURSE#top`, "/calendar?type=COURSE"],
  ])("keeps the same-site %s", (value, expected) => {
    expect(safeReturnPath(value, BASE)).toBe(expected);
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["another origin", "https://evil.example/account"],
    ["another port", "http://127.0.0.1:4000/account"],
    ["protocol-relative", "//evil.example/account"],
    ["backslash", "/\\evil.example"],
    ["javascript:", "javascript:alert(1)"],
    ["a relative path", "account"],
    ["the sign-in route itself", "/portal/sign-in?callbackUrl=/account"],
    ["next-auth's endpoints", "/api/auth/signout"],
    ["something huge", `/${"a".repeat(3000)}`],
  ])("refuses %s", (_label, value) => {
    expect(safeReturnPath(value, BASE)).toBeNull();
  });
});

describe("hrefs", () => {
  it("carry the return path as callbackUrl", () => {
    expect(portalSignInHref()).toBe("/portal/sign-in?callbackUrl=%2Faccount");
    expect(portalRefreshHref("/calendar?type=SERVICE")).toBe("/portal/refresh?callbackUrl=%2Fcalendar%3Ftype%3DSERVICE");
  });
});
