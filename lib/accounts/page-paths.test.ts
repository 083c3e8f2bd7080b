import { describe, expect, it } from "vitest";
import { pagePath } from "./page-paths.ts";

describe("pagePath", () => {
  it("adds only the values present", () => {
    expect(pagePath("/sign-in")).toBe("/sign-in");
    expect(pagePath("/sign-in", { request: "abc", error: undefined })).toBe("/sign-in?request=abc");
    expect(pagePath("/consent", { request: "a b&c" })).toBe("/consent?request=a+b%26c");
  });
});
