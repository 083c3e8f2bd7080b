import { describe, expect, it } from "vitest";
import { describeDeliveryError } from "./deliver-messages.ts";

describe("describeDeliveryError", () => {
  it("keeps the provider's words but blanks out addresses and numbers it quotes", () => {
    const error = new Error("550 5.1.1 <jane.doe@example.org>: Recipient address rejected; also +1 (415) 555-0123");
    expect(describeDeliveryError(error)).toBe("Error: 550 5.1.1 <[address]>: Recipient address rejected; also [number]");
  });

  it("clips long errors", () => {
    expect(describeDeliveryError(new Error("x".repeat(2000)))).toHaveLength(500);
  });
});
