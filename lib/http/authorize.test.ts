import { describe, expect, it, vi } from "vitest";
import { browserOAuthRoute, readCookie } from "./authorize.ts";

// The wrapper hands the handler the process's database; these handlers never use it, so none is opened.
vi.mock("../db.ts", () => ({ database: async () => ({}) }));

// Regression tests for what the hostile-input proof found at /oauth/authorize and /oauth/logout.
describe("readCookie", () => {
  const request = (cookie: string) => new Request("http://localhost/oauth/authorize", { headers: { cookie } });

  it("reads a cookie's percent-decoded value", () => {
    expect(readCookie(request("a=1; session=abc%20d"), "session")).toBe("abc d");
  });

  it("treats a value that is not valid percent-encoding as no cookie, instead of throwing URIError", () => {
    expect(readCookie(request("session=%ZZ"), "session")).toBeUndefined();
    expect(readCookie(request("other=1; session=%E0%A4%A"), "session")).toBeUndefined();
  });
});

describe("browserOAuthRoute", () => {
  const failing = (error: unknown) => browserOAuthRoute(async () => Promise.reject(error));

  it("sends a NUL character in a parameter to the error page as invalid_request, not server_error", async () => {
    const response = await failing(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }))(new Request("http://localhost/oauth/authorize/resume?request=%00"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/oauth/error?error=invalid_request");
  });

  it("sends a database outage to the error page as temporarily_unavailable", async () => {
    const response = await failing(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))(new Request("http://localhost/oauth/authorize"));
    expect(response.headers.get("location")).toBe("/oauth/error?error=temporarily_unavailable");
  });
});
