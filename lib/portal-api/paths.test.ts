import { describe, expect, it } from "vitest";
import { upstreamPath } from "./paths.ts";

describe("upstreamPath", () => {
  it("joins plain segments under /api/v1", () => {
    expect(upstreamPath(["users", "me", "mfa"])).toBe("/api/v1/users/me/mfa");
    expect(upstreamPath(["consents", "me", "0b6f2f0e-6c5e-4c55-9a53-2d5c1b0d9e11"])).toBe("/api/v1/consents/me/0b6f2f0e-6c5e-4c55-9a53-2d5c1b0d9e11");
  });

  it("refuses anything that could leave /api/v1 or smuggle a query", () => {
    for (const segments of [[], [".."], ["users", ".."], ["."], ["a/b"], ["a%2Fb"], ["a?b=1"], ["a#b"], ["a\\b"], [""], ["é"], [".hidden"]]) {
      expect(upstreamPath(segments), JSON.stringify(segments)).toBeNull();
    }
    expect(upstreamPath(Array.from({ length: 9 }, () => "a"))).toBeNull();
    expect(upstreamPath(["a".repeat(129)])).toBeNull();
  });
});
