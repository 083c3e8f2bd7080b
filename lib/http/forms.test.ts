import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AccountError } from "../accounts/errors.ts";
import { IdentityError, tooManyRequests } from "../identity/errors.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { csrfTokenFor } from "./csrf.ts";
import { formRoute } from "./forms.ts";

beforeAll(() => {
  // Vitest sets BASE_URL to Vite's "/": give the app's config a real origin.
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
});

const SEED = "seed-value-0123456789";

function post(fields: Record<string, string>, options: { json?: boolean; csrf?: boolean; origin?: string; contentType?: string } = {}): NextRequest {
  const body = new URLSearchParams({ ...(options.csrf === false ? {} : { csrf_token: csrfTokenFor(SEED) }), ...fields });
  const headers: Record<string, string> = {
    "content-type": options.contentType ?? "application/x-www-form-urlencoded",
    cookie: `csrf=${SEED}`,
  };
  if (options.json) headers.accept = "application/json";
  if (options.origin) headers.origin = options.origin;
  return new NextRequest("http://localhost:3000/auth/example", { method: "POST", body: body.toString(), headers });
}

const schema = z.object({ email: z.email({ error: "Enter your email address." }), request: z.string().optional() });

function route(handle: (input: z.output<typeof schema>) => Promise<{ redirectTo: string }>) {
  return formRoute({ formPath: "/example", schema, handle: (input) => handle(input) });
}

describe("formRoute", () => {
  it("answers JSON { redirect_to } or a 303, always no-store", async () => {
    const handler = route(async () => ({ redirectTo: "/next" }));
    const json = await handler(post({ email: "a@example.org" }, { json: true }));
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ redirect_to: "/next" });
    expect(json.headers.get("cache-control")).toBe("no-store");

    const page = await handler(post({ email: "a@example.org" }));
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/next");
    expect(page.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a missing token or another site's post with 403 forbidden, before running the handler", async () => {
    const handle = vi.fn(async () => ({ redirectTo: "/next" }));
    const handler = route(handle);
    for (const request of [post({ email: "a@example.org" }, { json: true, csrf: false }), post({ email: "a@example.org" }, { json: true, origin: "https://evil.example" })]) {
      const response = await handler(request);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "forbidden", error_description: "This form has expired. Please try again." });
    }
    expect(handle).not.toHaveBeenCalled();
  });

  it("turns a zod failure into invalid_request naming the field, and keeps `request` on the way back", async () => {
    const handler = route(async () => ({ redirectTo: "/next" }));
    const json = await handler(post({ email: "nope" }, { json: true }));
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: "invalid_request", error_description: "email: Enter your email address." });
    const page = await handler(post({ email: "nope", request: "abc" }));
    expect(page.headers.get("location")).toBe("/example?request=abc&error=invalid_request&field=email");
  });

  it("renders account errors and attempt limits with their status (and Retry-After)", async () => {
    const wrong = await route(async () => {
      throw new AccountError("invalid_credentials");
    })(post({ email: "a@example.org" }, { json: true }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe("invalid_credentials");

    const limited = route(async () => {
      throw new TooManyAttemptsError(125);
    });
    const json = await limited(post({ email: "a@example.org" }, { json: true }));
    expect(json.status).toBe(429);
    expect(json.headers.get("retry-after")).toBe("125");
    expect(await json.json()).toEqual({ error: "too_many_requests", error_description: "Too many attempts. Try again in 3 minutes." });
    const page = await limited(post({ email: "a@example.org", request: "r" }));
    expect(page.headers.get("location")).toBe("/example?request=r&error=too_many_requests&retry_after=125");
  });

  it("renders a service's identity error as the form's kind with the service's sentence, never a 500", async () => {
    const refused = await route(async () => {
      throw new IdentityError("conflict", "this household already has that child");
    })(post({ email: "a@example.org" }, { json: true }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "invalid_request", error_description: "this household already has that child" });

    const waiting = await route(async () => {
      throw tooManyRequests(90, "too many codes asked for; try again later");
    })(post({ email: "a@example.org" }, { json: true }));
    expect([waiting.status, waiting.headers.get("retry-after")]).toEqual([429, "90"]);
  });

  it("hides an unexpected error behind a generic 500 with a request id, logging no submitted value", async () => {
    // One JSON line on stderr (lib/log/json-log.ts).
    const log = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const response = await route(async () => {
      throw new Error("SELECT secret FROM somewhere");
    })(post({ email: "secret-address@example.org" }, { json: true }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: "server_error", error_description: "Something went wrong on our side. Please try again in a moment." });
    expect(text).not.toContain("SELECT");
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({ level: "error", msg: "unexpected error", requestId, route: "/auth/example" });
    expect(JSON.stringify(log.mock.calls)).not.toContain("secret-address");
    log.mockRestore();
  });

  it("refuses a body that is not a urlencoded form", async () => {
    const response = await route(async () => ({ redirectTo: "/next" }))(post({ email: "a@example.org" }, { json: true, contentType: "application/json" }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_request");
  });
});

describe("formRoute under faults (decision 0016)", () => {
  it("answers 503 service_unavailable with Retry-After when the database is not answering, never a 500", async () => {
    const handler = route(async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    const response = await handler(post({ email: "a@example.org" }, { json: true }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: "service_unavailable", error_description: expect.any(String) });
  });

  it("answers a value PostgreSQL cannot store (a NUL character) as invalid_request, not a 500", async () => {
    const handler = route(async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    });
    const response = await handler(post({ email: "a@example.org" }, { json: true }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_request");
  });
});
