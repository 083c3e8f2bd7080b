import { describe, expect, it } from "vitest";
import { PortalApiError } from "@/lib/portal-api/client";
import { removalFailedMessage, removedMessage } from "./removal-messages";

describe("removal messages", () => {
  it("says the app lost its access", () => {
    expect(removedMessage("Demo app")).toBe("Demo app can no longer access your account.");
  });

  it("passes the API's sentence on as it is", () => {
    const error = new PortalApiError(503, "service_unavailable", "The account service is not answering. Try again in a moment.");
    expect(removalFailedMessage("Demo app", error)).toBe("We couldn’t remove access for Demo app. The account service is not answering. Try again in a moment.");
  });

  it("turns a bare phrase into a sentence", () => {
    expect(removalFailedMessage("Demo app", new PortalApiError(500, "server_error", "something broke"))).toBe(
      "We couldn’t remove access for Demo app. Something broke.",
    );
  });

  it("explains an app that is no longer there", () => {
    expect(removalFailedMessage("Demo app", new PortalApiError(404, "not_found", "consent not found"))).toBe(
      "We couldn’t find Demo app on your account any more. Its access may have been removed already.",
    );
  });
});
