import { describe, expect, it } from "vitest";
import { authorizePageErrorCode } from "./authorize-errors.ts";

describe("authorizePageErrorCode", () => {
  it("knows the error page's own codes", () => {
    expect(authorizePageErrorCode("unknown_client")).toBe("unknown_client");
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "", "server_error", null, ["unknown_client"]])(
    "answers null for %j (never an Object member, which made /oauth/error a 500)",
    (code) => {
      expect(authorizePageErrorCode(code)).toBeNull();
    },
  );
});
