import { describe, expect, it } from "vitest";
import { OAUTH_ENDPOINTS } from "../oauth/oauth-endpoints.ts";
import { ConnectionRequestTargets, isMalformedTarget, malformedTargetAnswer, requestTargetIn, targetOfRawRequest, transportRefusal } from "./malformed-target.ts";

// Regression tests for what the hostile-input proof (scripts/proofs/fuzz.ts) found: Next answered these
// targets with a plain-text 500 or an empty 400 before any route ran.
describe("malformedTargetAnswer", () => {
  it.each([
    ["/api/v1/users/me/recovery-contacts/%ED%A0%80", "a UTF-16 surrogate percent-encoded"],
    ["/api/v1/consents/me/%C3%28", "an invalid UTF-8 sequence"],
    ["/api/v1/consents/me/%", "a lone percent sign"],
    ["/api/v1/users/me?\u00ff=\u00fe", "raw latin1 bytes in the query"],
    ["/api/v1/users/me/\u00e9", "a raw byte in the path"],
  ])("%s (%s) is invalid_request 400 in the identity shape", (target) => {
    const answer = malformedTargetAnswer(target);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer!.body)).toEqual({ error: "invalid_request", error_description: expect.any(String) });
    expect(answer?.headers["Cache-Control"]).toBe("no-store");
  });

  it("picks the shape by the path the router resolves, dot segments after a dotted one included", () => {
    const identity = malformedTargetAnswer("/api/calendar/.x/%2e%2e/%2e%2e/v1/%ED%A0%80");
    expect(JSON.parse(identity!.body)).toEqual({ error: "invalid_request", error_description: expect.any(String) });
    const calendar = malformedTargetAnswer("/api/v1/.x/../../calendar/%ED%A0%80");
    expect(JSON.parse(calendar!.body)).toMatchObject({ error: true, statusCode: 400 });
  });

  it("answers calendar paths with a CalendarError, readable by embedding sites", () => {
    const answer = malformedTargetAnswer("/api/calendar/events/%ED%A0%80");
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer!.body)).toEqual({ error: true, message: "the request URL is malformed", statusCode: 400 });
    expect(answer?.headers["Access-Control-Allow-Origin"]).toBe("*");
  });

  it("answers the OAuth JSON endpoints and the account forms with invalid_request", () => {
    for (const target of ["/oauth/token?\u00ff", "/auth/sign-in/%E0%A4%A", "/.well-known/%ff"]) {
      expect(JSON.parse(malformedTargetAnswer(target)!.body).error).toBe("invalid_request");
    }
  });

  it("answers every OAuth endpoint that answers JSON (by its definition) in its shape when its headers are too large, a browser one with a page", () => {
    // The device authorization endpoint (RFC 8628) was missing from a hand-kept list and answered a page (found by the hostile-input proof).
    for (const endpoint of OAUTH_ENDPOINTS) {
      const answer = transportRefusal(endpoint.path, "headers_too_large");
      if (endpoint.answers === "browser") {
        expect(answer.headers["Content-Type"], endpoint.path).toMatch(/^text\/html/);
        continue;
      }
      expect(answer.headers["Content-Type"], endpoint.path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ error: "invalid_request", error_description: "the request headers are too large" });
    }
  });

  it("answers the federated link finalize route, a JSON route under /oauth, in the identity shape", () => {
    for (const problem of ["malformed_target", "headers_too_large"] as const) {
      const answer = transportRefusal("/oauth/federated/link/finalize", problem);
      expect(answer.headers["Content-Type"]).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ error: "invalid_request", error_description: expect.any(String) });
    }
    expect(malformedTargetAnswer("/oauth/federated/link/finalize?\u00ff")?.headers["Content-Type"]).toMatch(/^application\/json/);
  });

  it("answers pages with an HTML page", () => {
    const answer = malformedTargetAnswer("/calendar/%ED%A0%80");
    expect(answer?.headers["Content-Type"]).toMatch(/^text\/html/);
    expect(answer?.body).toContain("Bad request");
  });

  it.each(["/api/v1/users/me", "/api/calendar/events/upcoming?limit=5&type=SERVICE", "/api/v1/consents/me/%E2%9C%93", "/sign-in?request=a%2Fb", "/api/calendar/events/upcoming?a=%ZZ"])(
    "leaves a well-formed target alone: %s",
    (target) => {
      expect(isMalformedTarget(target)).toBe(false);
      expect(malformedTargetAnswer(target)).toBeNull();
    },
  );
});

describe("transportRefusal (requests Node's parser refuses, server/main.ts clientError)", () => {
  it("names the problem in the surface's shape", () => {
    expect(JSON.parse(transportRefusal("/api/v1/users/me", "headers_too_large").body)).toEqual({ error: "invalid_request", error_description: "the request headers are too large" });
    expect(JSON.parse(transportRefusal("/api/calendar/events/upcoming", "headers_too_large").body)).toMatchObject({ error: true, statusCode: 400 });
    expect(transportRefusal("/calendar", "malformed_request").headers["Content-Type"]).toMatch(/^text\/html/);
  });

  it("reads the target from the raw request line, whatever bytes it holds", () => {
    expect(targetOfRawRequest(Buffer.from("GET /api/v1/users/me?\xff=1 HTTP/1.1\r\nHost: x\r\n", "latin1"))).toBe("/api/v1/users/me?\xff=1");
    expect(targetOfRawRequest(Buffer.from("garbage"))).toBe("/");
    expect(targetOfRawRequest(undefined)).toBe("/");
    expect(targetOfRawRequest(Buffer.from("GET /cut-short"))).toBe("/cut-short");
  });

  it("finds the request line wherever a keep-alive connection's read puts it, the last one first", () => {
    // The tail of the previous request's body, then the next request (found by the hostile-input proof).
    expect(requestTargetIn(Buffer.from('ody"}POST /oauth/introspect HTTP/1.1\r\nHost: x\r\nCookie: big=xx', "latin1"))).toBe("/oauth/introspect");
    expect(targetOfRawRequest(Buffer.from("GET /oauth/authorize HTTP/1.1\r\nHost: x\r\n\r\nPOST /api/v1/users/me HTTP/1.1\r\nCookie: x", "latin1"))).toBe("/api/v1/users/me");
    expect(requestTargetIn(Buffer.from("xxxxxxxxxxxxxxxx\r\nContent-Length: 0\r\n\r\n"))).toBeNull();
    expect(requestTargetIn(Buffer.from("GET / HTTP/1.1\r\n"))).toBe("/");
  });

  it("does not take the end of a request line for a whole one", () => {
    expect(requestTargetIn(Buffer.from("/me HTTP/1.1\r\nHost: x\r\n"))).toBeNull();
    expect(requestTargetIn(Buffer.from("ilies/me HTTP/1.1\r\nHost: x\r\n"))).toBeNull();
    expect(targetOfRawRequest(Buffer.from("/me HTTP/1.1\r\nHost: x\r\n"))).toBe("/");
    expect(targetOfRawRequest(Buffer.from("Mozilla/5.0 /x\r\nCookie: a=b"))).toBe("/");
  });
});

describe("ConnectionRequestTargets (one connection's reads, server/main.ts)", () => {
  // A page request, then a large body's tail running into the request whose headers Node refuses.
  const earlier = "GET /sign-in HTTP/1.1\r\nHost: x\r\n\r\nPOST /oauth/authorize HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n";
  const stream = Buffer.from(`${earlier}${"a=b&".repeat(5000)}DELETE /api/v1/families/me HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\nCookie: big=${"x".repeat(20_000)}`, "latin1");
  const lineStart = stream.indexOf("DELETE ");
  const lineEnd = stream.indexOf("\r\n", lineStart);

  it("finds a request line split between two reads, wherever the split falls", () => {
    for (let split = lineStart - 20; split <= lineEnd + 20; split++) {
      const targets = new ConnectionRequestTargets();
      targets.read(stream.subarray(0, split));
      targets.read(stream.subarray(split));
      expect(targets.last, `split at ${split - lineStart}`).toBe("/api/v1/families/me");
    }
  });

  it("finds it when the connection's bytes arrive in reads of any size", () => {
    for (const size of [1, 7, 100, 1000, 4096, 8192, 16_384, 65_536]) {
      const targets = new ConnectionRequestTargets();
      for (let at = 0; at < stream.length; at += size) targets.read(stream.subarray(at, at + size));
      expect(targets.last, `reads of ${size} bytes`).toBe("/api/v1/families/me");
    }
  });

  it("keeps nothing between whole requests, and no more than the unfinished line otherwise", () => {
    const targets = new ConnectionRequestTargets();
    targets.read(Buffer.from(`GET /sign-in HTTP/1.1\r\nHost: x\r\nCookie: ${"c".repeat(6000)}\r\n\r\n`));
    expect(targets.carriedBytes).toBe(0);
    targets.read(Buffer.from("DELETE /api/v1/fam"));
    expect(targets.carriedBytes).toBe("DELETE /api/v1/fam".length);
    targets.read(Buffer.from("ilies/me HTTP/1.1\r\nHost: x\r\n\r\n"));
    expect([targets.last, targets.carriedBytes]).toEqual(["/api/v1/families/me", 0]);
    targets.read(Buffer.alloc(100_000, "a"));
    expect(targets.carriedBytes).toBeLessThanOrEqual(8192 + 16);
  });

  it("keeps the last whole line until the next one is whole", () => {
    const targets = new ConnectionRequestTargets();
    targets.read(Buffer.from("GET /sign-in HTTP/1.1\r\nHost: x\r\n\r\nDELETE /api/v1/fam"));
    expect(targets.last).toBe("/sign-in");
    targets.read(Buffer.from("ilies/me HTTP/1.1\r\n"));
    expect(targets.last).toBe("/api/v1/families/me");
  });
});

describe("transportRefusal picks the surface of the path as routed", () => {
  it("resolves dot segments, also percent-encoded, before choosing", () => {
    expect(JSON.parse(transportRefusal("/api/calendar/%2e%2e/v1/users/me", "headers_too_large").body).error).toBe("invalid_request");
    expect(JSON.parse(transportRefusal("/api/v1/../calendar/events", "headers_too_large").body).error).toBe(true);
  });
});
