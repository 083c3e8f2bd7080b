import { describe, expect, it } from "vitest";
import { formatRecoveryCode, isRecoveryCodeShape, isTotpCodeShape, normalizeRecoveryCode } from "./recovery-code-format.ts";

describe("recovery code shape", () => {
  it("normalises case, spaces and dashes, so people can type it as they like", () => {
    expect(normalizeRecoveryCode("7KQ4M-2XDP9")).toBe("7kq4m2xdp9");
    expect(normalizeRecoveryCode(" 7kq4m 2xdp9 ")).toBe("7kq4m2xdp9");
    expect(formatRecoveryCode("7kq4m2xdp9")).toBe("7kq4m-2xdp9");
  });

  it("tells a TOTP code from a recovery code by shape", () => {
    expect(isTotpCodeShape("123456")).toBe(true);
    expect(isTotpCodeShape("123 456")).toBe(true);
    expect(isTotpCodeShape("12345")).toBe(false);
    expect(isRecoveryCodeShape("123456")).toBe(false);
    expect(isRecoveryCodeShape("7kq4m-2xdp9")).toBe(true);
    expect(isRecoveryCodeShape("7KQ4M2XDP9")).toBe(true);
  });

  it("refuses look-alike characters the alphabet leaves out", () => {
    expect(isRecoveryCodeShape("0kq4m-2xdp9")).toBe(false);
    expect(isRecoveryCodeShape("lkq4m-2xdp9")).toBe(false);
    expect(isRecoveryCodeShape("7kq4m-2xdp")).toBe(false);
  });
});
