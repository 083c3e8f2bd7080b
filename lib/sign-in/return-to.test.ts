import { describe, expect, it } from "vitest";
import { safeRelativePath } from "./return-to.ts";

describe("safeRelativePath", () => {
  it.each([
    ["/account", "/account"],
    ["/account/apps?tab=1#top", "/account/apps?tab=1#top"],
    ["/oauth/authorize/resume?request=abc", "/oauth/authorize/resume?request=abc"],
    ["/a/../b", "/b"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRelativePath(input)).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [""],
    ["account"],
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["/\\/evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["/ok\n/evil"],
    ["/ok\t"],
    ["/" + "a".repeat(2001)],
  ])("refuses %s", (input) => {
    expect(safeRelativePath(input)).toBeNull();
  });
});
