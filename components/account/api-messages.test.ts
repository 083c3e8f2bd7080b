import { describe, expect, it } from "vitest";
import { PortalApiError } from "@/lib/portal-api/client";
import { asSentence, failedMessage, waitMessage } from "./api-messages";

describe("API messages for members", () => {
  it("makes a phrase a sentence and leaves a sentence alone", () => {
    expect(asSentence("  something broke ")).toBe("Something broke.");
    expect(asSentence("Try again in a moment.")).toBe("Try again in a moment.");
    expect(asSentence("")).toBe("");
  });

  it("says what failed and why", () => {
    expect(failedMessage("sign out that session", new PortalApiError(500, "server_error", "something broke"))).toBe(
      "We couldn’t sign out that session. Something broke.",
    );
    expect(failedMessage("turn it off", new Error(" "))).toBe("We couldn’t turn it off. Please try again.");
  });

  it("tells how long to wait after too many attempts, in seconds or whole minutes", () => {
    expect(waitMessage(new PortalApiError(429, "too_many_requests", "slow down", 8))).toBe("Too many attempts. Try again in 8 seconds.");
    expect(waitMessage(new PortalApiError(429, "too_many_requests", "slow down", 61))).toBe("Too many attempts. Try again in 2 minutes.");
    expect(waitMessage(new PortalApiError(429, "too_many_requests", "slow down", 60))).toBe("Too many attempts. Try again in 1 minute.");
    expect(waitMessage(new PortalApiError(429, "too_many_requests", "slow down"))).toBe("Too many attempts. Wait a little, then try again.");
    expect(waitMessage(new PortalApiError(400, "invalid_request", "bad"))).toBeNull();
  });
});
