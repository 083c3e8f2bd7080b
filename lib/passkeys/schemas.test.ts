import { describe, expect, it } from "vitest";
import { defaultPasskeyName } from "./default-passkey-name.ts";
import { passkeyNameSchema, renamePasskeyBodySchema } from "./schemas.ts";

describe("a passkey's name", () => {
  it("is trimmed, 1 to 60 characters", () => {
    expect(passkeyNameSchema.parse("  Anna’s phone ")).toBe("Anna’s phone");
    expect(passkeyNameSchema.parse("x".repeat(60))).toBe("x".repeat(60));
    for (const bad of ["", "   ", "x".repeat(61), "a\nb", "tab\there", "\u2028", 7, null]) {
      expect(passkeyNameSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("is all a rename takes", () => {
    expect(renamePasskeyBodySchema.safeParse({ name: "Phone", extra: 1 }).success).toBe(false);
  });

  it("defaults to the browser and device it was added from", () => {
    expect(defaultPasskeyName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1")).toBe("Safari on iPhone");
    expect(defaultPasskeyName("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36")).toBe("Chrome on Android phone");
    expect(defaultPasskeyName("curl/8.0")).toBe("curl");
    expect(defaultPasskeyName(null)).toBe("Passkey");
    expect(defaultPasskeyName("")).toBe("Passkey");
  });
});
