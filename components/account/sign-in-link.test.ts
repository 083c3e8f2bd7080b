import { describe, expect, it } from "vitest";
import { isSigningIn } from "./sign-in-link";

describe("isSigningIn", () => {
  it("is true on the pages of a sign-in under way, and their steps", () => {
    for (const path of ["/sign-in", "/sign-in/second-factor", "/sign-in/email-code", "/register", "/forgot-password", "/consent", "/device"]) expect(isSigningIn(path), path).toBe(true);
  });

  it("is false elsewhere, the signed-out page included, and for look-alike paths", () => {
    for (const path of ["/", "/calendar", "/account", "/signed-out", "/sign-out", "/devices", "/sign-inside"]) expect(isSigningIn(path), path).toBe(false);
  });
});
