import { describe, expect, it, vi } from "vitest";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { OAuthError } from "../oauth/errors.ts";
import { oauthFailure } from "./oauth.ts";

// The OAuth wrapper's one error renderer (lib/http/oauth.ts): an attempt limit's refusal is an answer of the
// surface's own shape, 429 with Retry-After, never the generic 500 it was (issue 36, section 4).
describe("oauthFailure", () => {
  it("answers an attempt limit 429 slow_down with Retry-After, no-store, in RFC 6749's shape", () => {
    const log = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const answer = oauthFailure(new TooManyAttemptsError(59.2), "/oauth/device_authorization");
    expect(answer.status).toBe(429);
    expect(answer.headers).toMatchObject({ "Retry-After": "60", "Cache-Control": "no-store", "Content-Type": expect.stringContaining("application/json") });
    expect(JSON.parse(answer.body.toString())).toEqual({ error: "slow_down", error_description: "too many requests; try again in 60 seconds" });
    expect(oauthFailure(new TooManyAttemptsError(1), "/oauth/token").headers).toMatchObject({ "Retry-After": "1" });
    // Nothing logged: a refusal is not an unexpected error.
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("keeps RFC 8628's polling slow_down as it was: 400, from the grant", () => {
    const answer = oauthFailure(new OAuthError("slow_down", "polling too often: wait at least 10 seconds between requests"), "/oauth/token");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString())).toEqual({ error: "slow_down", error_description: "polling too often: wait at least 10 seconds between requests" });
  });
});
