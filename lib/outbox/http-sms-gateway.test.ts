import { describe, expect, it } from "vitest";
import { SmsGatewayError, defaultSmsSender, httpSmsGateway } from "./http-sms-gateway.ts";

function recordingFetch(answer: () => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return answer();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe("httpSmsGateway", () => {
  it("POSTs the text as JSON with the bearer token", async () => {
    const { calls, fetchImpl } = recordingFetch(async () => new Response("{}", { status: 202 }));
    await httpSmsGateway({ url: "https://sms.example/send", token: "secret-token", from: "Grace" }, fetchImpl).send({ to: "+14155550123", body: "Code 123456" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://sms.example/send");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.headers).toMatchObject({ authorization: "Bearer secret-token", "content-type": "application/json" });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ to: "+14155550123", from: "Grace", body: "Code 123456" });
  });

  it("sends no Authorization header without a token", async () => {
    const { calls, fetchImpl } = recordingFetch(async () => new Response(null, { status: 200 }));
    await httpSmsGateway({ url: "https://sms.example/send", from: "Grace" }, fetchImpl).send({ to: "+14155550123", body: "x" });
    expect(calls[0]!.init.headers).not.toHaveProperty("authorization");
  });

  it("fails on a non-2xx answer without quoting the number, the text or the gateway's reply", async () => {
    const { fetchImpl } = recordingFetch(async () => new Response("bad number +14155550123", { status: 400 }));
    const sending = httpSmsGateway({ url: "https://sms.example/send", from: "Grace" }, fetchImpl).send({ to: "+14155550123", body: "Code 123456" });
    await expect(sending).rejects.toThrow(SmsGatewayError);
    await expect(sending).rejects.toThrow("the SMS gateway answered HTTP 400");
  });

  it("fails on a network error naming only its kind", async () => {
    const { fetchImpl } = recordingFetch(async () => {
      throw new TypeError("fetch failed to +14155550123");
    });
    const sending = httpSmsGateway({ url: "https://sms.example/send", from: "Grace" }, fetchImpl).send({ to: "+14155550123", body: "x" });
    await expect(sending).rejects.toThrow("the SMS gateway could not be reached (TypeError)");
  });
});

describe("defaultSmsSender", () => {
  it("clips the church's name to an 11-character alphanumeric sender id", () => {
    expect(defaultSmsSender("Grace Harbor Church")).toBe("Grace Harbo");
    expect(defaultSmsSender("St. Mary's")).toBe("St Marys");
    expect(defaultSmsSender("✝✝✝")).toBe("Church");
  });
});
