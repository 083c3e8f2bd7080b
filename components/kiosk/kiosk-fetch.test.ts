import { EmbeddedJWK, calculateJwkThumbprint, decodeProtectedHeader, jwtVerify, type JWK } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { kioskFetch } from "./kiosk-fetch";

// The kiosk page's calls (issue 36, section 5): each carries a DPoP proof JWT of the tablet's one key, made by
// jose with a non-extractable WebCrypto key (here in memory: no IndexedDB under Node), and a proof refused
// for its time is made once more by the server's clock.

interface Sent {
  url: string;
  method: string;
  proof: string | null;
}

let sent: Sent[] = [];

function answers(...responses: (() => Response)[]) {
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ url, method: init.method ?? "GET", proof: headers.DPoP ?? null });
    const next = responses.shift();
    if (!next) throw new Error("no answer left");
    return next();
  });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

beforeEach(() => {
  sent = [];
  vi.stubGlobal("window", { location: { href: "http://localhost:3000/kiosk?client=demo-checkin-kiosk" } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function verified(proof: string) {
  const { payload } = await jwtVerify(proof, EmbeddedJWK, { typ: "dpop+jwt", algorithms: ["ES256"] });
  const jwk = decodeProtectedHeader(proof).jwk as JWK;
  return { payload, jwk, jkt: await calculateJwkThumbprint(jwk, "sha256") };
}

describe("kioskFetch", () => {
  it("proves the same key on every call, for that call's method and address, once each", async () => {
    answers(json(200, { events: [] }), json(200, { ok: true }));
    await kioskFetch(z.object({ events: z.array(z.unknown()) }), "/kiosk/api/v1/events", "csrf");
    await kioskFetch(z.object({ ok: z.boolean() }), "/kiosk/api/v1/households", "csrf", { member_code: "x" });
    const [first, second] = await Promise.all(sent.map((call) => verified(call.proof!)));
    expect(first!.payload).toMatchObject({ htm: "GET", htu: "http://localhost:3000/kiosk/api/v1/events", jti: expect.any(String), iat: expect.any(Number) });
    expect(second!.payload).toMatchObject({ htm: "POST", htu: "http://localhost:3000/kiosk/api/v1/households" });
    expect(second!.jkt).toBe(first!.jkt);
    expect(second!.payload.jti).not.toBe(first!.payload.jti);
    // Only the public half travels: no private member of the key in the proof.
    expect(Object.keys(first!.jwk).sort()).toEqual(["crv", "kty", "x", "y"]);
  });

  it("makes a refused proof once more by the server's clock, and only once", async () => {
    const serverAhead = new Date(Date.now() + 10 * 60_000);
    const challenge = { "www-authenticate": 'DPoP error="invalid_dpop_proof", algs="ES256"', date: serverAhead.toUTCString() };
    answers(json(400, { error: "invalid_request", error_description: "Check the tablet's date and time." }, challenge), json(200, { status: "pending" }));
    expect(await kioskFetch(z.object({ status: z.string() }), "/kiosk/enrol/poll", "csrf", {})).toEqual({ status: "pending" });
    expect(sent).toHaveLength(2);
    const [late, corrected] = await Promise.all(sent.map((call) => verified(call.proof!)));
    expect(Math.abs(late!.payload.iat! - Date.now() / 1000)).toBeLessThan(5);
    expect(Math.abs(corrected!.payload.iat! - serverAhead.getTime() / 1000)).toBeLessThan(5);

    // Refused again: said to the volunteer, not tried a third time.
    sent = [];
    answers(json(400, { error: "invalid_request", error_description: "check the tablet's date and time." }, challenge), json(400, { error: "invalid_request", error_description: "check the tablet's date and time." }, challenge));
    await expect(kioskFetch(z.object({}), "/kiosk/enrol/poll", "csrf", {})).rejects.toMatchObject({ status: 400, message: "Check the tablet's date and time." });
    expect(sent).toHaveLength(2);
  });
});
