import { beforeAll, describe, expect, it, vi } from "vitest";
import { OAuthError } from "../errors.ts";
import { clientErrorRedirect } from "./redirect-to-client.ts";

beforeAll(() => {
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
});

describe("clientErrorRedirect", () => {
  const error = new OAuthError("invalid_request", "state is too long");

  it("echoes state (RFC 6749 4.1.2.1)", () => {
    const location = new URL(clientErrorRedirect("http://127.0.0.1:8080/callback", error, "abc").headers.get("location")!);
    expect(location.searchParams.get("state")).toBe("abc");
  });

  it("does not echo a state over the length limit: the Location stays small", () => {
    const response = clientErrorRedirect("http://127.0.0.1:8080/callback", error, "x".repeat(100_000));
    const location = response.headers.get("location")!;
    expect(new URL(location).searchParams.has("state")).toBe(false);
    expect(location.length).toBeLessThan(500);
  });
});
