import { describe, expect, it, vi } from "vitest";
import { AccountError } from "../accounts/errors.ts";
import { IdentityError } from "../identity/errors.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { identityFailure } from "./identity.ts";

// Domain errors are surface-neutral (docs/decisions/0033): whichever a service throws under /api/v1, the
// identity wrapper answers it in its own shape, never as a 500.
const request = new Request("http://localhost:3000/api/v1/users/me/example", { method: "POST" });
const answer = async (error: unknown) => {
  const response = identityFailure(request, error);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
};

describe("the identity surface's answer to a thrown error", () => {
  it("gives an identity error the identity table's status", async () => {
    expect(await answer(new IdentityError("conflict", "already on"))).toEqual({ status: 409, retryAfter: null, body: { error: "conflict", error_description: "already on" } });
  });

  it("answers an attempt limit 429 with Retry-After", async () => {
    expect(await answer(new TooManyAttemptsError(125))).toEqual({
      status: 429,
      retryAfter: "125",
      body: { error: "too_many_requests", error_description: "Too many attempts. Try again in 3 minutes." },
    });
  });

  it("answers an account form's error in the identity shape, with the form's sentence", async () => {
    expect(await answer(new AccountError("account_disabled"))).toEqual({
      status: 403,
      retryAfter: null,
      body: { error: "forbidden", error_description: "This account has been disabled. Please contact the church office." },
    });
    expect((await answer(new AccountError("invalid_code"))).body.error).toBe("invalid_request");
    expect((await answer(new AccountError("service_unavailable"))).status).toBe(503);
  });

  it("hides anything else behind a logged 500", async () => {
    const log = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const unexpected = await answer(new Error("SELECT secret"));
    log.mockRestore();
    expect(unexpected.status).toBe(500);
    expect(unexpected.body.error).toBe("server_error");
    expect(JSON.stringify(unexpected.body)).not.toContain("SELECT");
  });
});
