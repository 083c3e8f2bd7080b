import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmsGatewayError, defaultSmsSender, httpSmsGateway } from "./http-sms-gateway.ts";

// A gateway on loopback: what a test may call with allowPrivate, and exactly what production refuses.
let server: Server;
let base: string;
const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url === "/hangs-up") return request.socket.destroy();
      received.push({ url: request.url ?? "", headers: request.headers, body });
      if (request.url === "/rejects") response.writeHead(400).end("bad number +14155550123");
      else if (request.url === "/moved") response.writeHead(307, { location: "http://127.0.0.1/elsewhere" }).end();
      else response.writeHead(202).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const text = { to: "+14155550123", body: "Code 123456" };

async function failure(sending: Promise<void>): Promise<string> {
  const error = await sending.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(SmsGatewayError);
  return (error as Error).message;
}

describe("httpSmsGateway", () => {
  it("POSTs the text as JSON with the bearer token", async () => {
    await httpSmsGateway({ url: `${base}/send`, token: "secret-token", from: "Grace", allowPrivate: true }).send(text);
    const call = received.at(-1)!;
    expect(call.url).toBe("/send");
    expect(call.headers).toMatchObject({ authorization: "Bearer secret-token", "content-type": "application/json" });
    expect(JSON.parse(call.body)).toEqual({ to: "+14155550123", from: "Grace", body: "Code 123456" });
  });

  it("sends no Authorization header without a token", async () => {
    await httpSmsGateway({ url: `${base}/send`, from: "Grace", allowPrivate: true }).send(text);
    expect(received.at(-1)!.headers).not.toHaveProperty("authorization");
  });

  it("refuses a gateway on a private or loopback address unless the operator allows it, and sends nothing", async () => {
    const before = received.length;
    expect(await failure(httpSmsGateway({ url: `${base}/send`, from: "Grace", allowPrivate: false }).send(text))).toBe(
      "the SMS gateway could not be reached: a private or loopback address is refused",
    );
    expect(received.length).toBe(before);
  });

  it("fails on a non-2xx answer or a redirect without quoting the number, the text or the gateway's reply", async () => {
    expect(await failure(httpSmsGateway({ url: `${base}/rejects`, from: "Grace", allowPrivate: true }).send(text))).toBe("the SMS gateway answered HTTP 400");
    expect(await failure(httpSmsGateway({ url: `${base}/moved`, from: "Grace", allowPrivate: true }).send(text))).toBe(
      "the SMS gateway answered HTTP 307; redirects are not followed",
    );
  });

  it("fails on a broken connection naming only its kind", async () => {
    expect(await failure(httpSmsGateway({ url: `${base}/hangs-up`, from: "Grace", allowPrivate: true }).send(text))).toBe(
      "the SMS gateway could not be reached: the address could not be reached (ECONNRESET)",
    );
  });
});

describe("defaultSmsSender", () => {
  it("clips the church's name to an 11-character alphanumeric sender id", () => {
    expect(defaultSmsSender("Grace Harbor Church")).toBe("Grace Harbo");
    expect(defaultSmsSender("St. Mary's")).toBe("St Marys");
    expect(defaultSmsSender("✝✝✝")).toBe("Church");
  });
});
