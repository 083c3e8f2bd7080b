import { describe, expect, it } from "vitest";
import { userHandleBase64url, userHandleOf, userIdFromHandle } from "./user-handle.ts";

describe("a member's WebAuthn user handle", () => {
  const id = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0ff";

  it("is the 16 bytes of the account id, and reads back to it", () => {
    expect(Array.from(userHandleOf(id))).toEqual([0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x49, 0x78, 0x86, 0x95, 0xa4, 0xb3, 0xc2, 0xd1, 0xe0, 0xff]);
    expect(userHandleBase64url(id)).toHaveLength(22);
    expect(userIdFromHandle(userHandleBase64url(id))).toBe(id);
    expect(userIdFromHandle(userHandleBase64url(id.toUpperCase()))).toBe(id);
  });

  it.each([
    ["empty", ""],
    ["too short", "AAAA"],
    ["too long", "A".repeat(23)],
    ["not base64url", "+".repeat(22)],
    ["non-canonical last character", `${userHandleBase64url(id).slice(0, 21)}_`],
  ])("refuses a handle that is %s", (_, handle) => {
    expect(userIdFromHandle(handle)).toBeNull();
  });

  it("is only made from a UUID", () => {
    expect(() => userHandleOf("jane@example.org")).toThrow();
  });
});
