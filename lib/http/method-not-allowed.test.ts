import { describe, expect, it } from "vitest";
import { calendarMethodNotAllowed, formMethodNotAllowed, identityMethodNotAllowed, oauthMethodNotAllowed } from "./method-not-allowed.ts";

// Next answered these with an empty 405 (found by the hostile-input proof): each surface's own shape now.
describe("method-not-allowed answers", () => {
  const request = (method: string) => new Request("http://localhost/x", { method });

  it("identity: 405 method_not_allowed with Allow and no-store", async () => {
    const response = await identityMethodNotAllowed(["GET", "POST"]).PUT(request("PUT"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "method_not_allowed", error_description: "PUT is not allowed here; use GET or POST" });
  });

  it("OAuth: 405 invalid_request (RFC 6749 has no code for it)", async () => {
    const response = await oauthMethodNotAllowed(["POST"]).GET(request("GET"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await response.json()).error).toBe("invalid_request");
  });

  it("calendar: a CalendarError 405 that embedding sites can read", async () => {
    const response = await calendarMethodNotAllowed().DELETE(request("DELETE"));
    expect(response.status).toBe(405);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({ error: true, message: "method DELETE is not allowed", statusCode: 405 });
  });

  it("forms: a GET goes to the form's page, a PUT gets the JSON error", async () => {
    const handlers = formMethodNotAllowed("/sign-in");
    const get = await handlers.GET(request("GET"));
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe("/sign-in");
    expect((await handlers.PUT(request("PUT"))).status).toBe(405);
  });
});
