import { describe, expect, it } from "vitest";
import { stepUpChallenge } from "./step-up.ts";

describe("stepUpChallenge (RFC 9470)", () => {
  it("reads our API's challenges", () => {
    expect(stepUpChallenge('Bearer error="insufficient_user_authentication", error_description="sign in again to make this change", max_age=600')).toEqual({ maxAgeSeconds: 600 });
    expect(stepUpChallenge('Bearer error="insufficient_user_authentication", error_description="staff tools need a sign-in with a second factor"')).toEqual({ maxAgeSeconds: null });
  });

  it("is no challenge for anything else", () => {
    expect(stepUpChallenge(null)).toBeNull();
    expect(stepUpChallenge('Bearer error="invalid_token", error_description="the access token is expired"')).toBeNull();
    expect(stepUpChallenge('Bearer error="insufficient_scope", scope="account:mfa"')).toBeNull();
  });
});
