import { describe, expect, it } from "vitest";
import { redirectUriProblem } from "./redirect-uri.ts";

describe("a client's redirect URI", () => {
  it.each([
    "https://app.example.org/callback",
    "https://app.example.org:8443/cb?tenant=grace",
    "http://127.0.0.1:8080/callback",
    "http://127.0.0.1/callback",
    "http://[::1]:51004/oauth",
    "http://localhost:8080/callback",
    "http://LOCALHOST:8080/callback",
  ])("%s can be registered", (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });

  it.each([
    ["http://app.example.org/callback", "scheme"],
    ["http://127.0.0.2/callback", "scheme"],
    ["http://localhost.example.org/callback", "scheme"],
    ["http://[::2]/callback", "scheme"],
    ["http://0.0.0.0:8080/callback", "scheme"],
    ["ftp://app.example.org/cb", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["data:text/html,hi", "scheme"],
    ["com.example.app:/callback", "scheme"],
    ["https://app.example.org/cb#done", "fragment"],
    ["https://app.example.org/cb#", "fragment"],
    ["https://user:pass@app.example.org/cb", "userinfo"],
    ["https://church.example@evil.example/cb", "userinfo"],
    ["https://@app.example.org/cb", "userinfo"],
    ["http://user@127.0.0.1:8080/cb", "userinfo"],
    ["/callback", "not_url"],
    ["app.example.org/callback", "not_url"],
    ["https:///callback", "not_url"],
    [" https://app.example.org/cb", "not_url"],
    ["https://app.example.org/c b", "not_url"],
    ["https://app.example.org\\@evil.example/", "not_url"],
    ["https://app.example.org/\u0000", "not_url"],
    [`https://app.example.org/${"a".repeat(2000)}`, "too_long"],
  ])("%s is refused (%s)", (uri, problem) => {
    expect(redirectUriProblem(uri)).toBe(problem);
  });

  it("may be http on this server's own origin, when registration offers it (the portal's own client)", () => {
    expect(redirectUriProblem("http://church.lan:3000/api/auth/callback/church", { ownOrigin: "http://church.lan:3000" })).toBeNull();
    expect(redirectUriProblem("http://church.lan:3001/api/auth/callback/church", { ownOrigin: "http://church.lan:3000" })).toBe("scheme");
    expect(redirectUriProblem("http://church.lan:3000/api/auth/callback/church")).toBe("scheme");
  });
});
