import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOutboundText } from "./get-outbound-text.ts";
import { OutboundCallError } from "./post-outbound.ts";

// A real HTTP server on loopback: the one place a test may call, and exactly what production refuses.
let server: Server;
let port: number;
let asked = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked += 1;
    if (request.url === "/moved") response.writeHead(302, { location: "http://127.0.0.1/elsewhere" }).end();
    else if (request.url === "/gone") response.writeHead(404).end("no");
    else if (request.url === "/huge") response.writeHead(200).end("x".repeat(64 * 1024));
    else response.writeHead(200, { "content-type": "text/calendar" }).end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const OPTIONS = { allowPrivate: true, maxBytes: 1024, accept: "text/calendar" };

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(OutboundCallError);
  return (error as Error).message;
}

describe("getOutboundText", () => {
  it("refuses loopback by address and by name unless the operator allows it, and asks nothing", async () => {
    const before = asked;
    expect(await refusal(getOutboundText(`http://127.0.0.1:${port}/cal.ics`, { ...OPTIONS, allowPrivate: false }))).toBe("a private or loopback address is refused");
    expect(await refusal(getOutboundText(`http://localhost:${port}/cal.ics`, { ...OPTIONS, allowPrivate: false }))).toBe("a private or loopback address is refused");
    expect(asked).toBe(before);
  });

  it("reads the text when allowed", async () => {
    expect(await getOutboundText(`http://127.0.0.1:${port}/cal.ics`, OPTIONS)).toBe("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });

  it("never follows a redirect, and names a refusing answer", async () => {
    expect(await refusal(getOutboundText(`http://127.0.0.1:${port}/moved`, OPTIONS))).toBe("answered HTTP 302; redirects are not followed");
    expect(await refusal(getOutboundText(`http://127.0.0.1:${port}/gone`, OPTIONS))).toBe("answered HTTP 404");
  });

  it("refuses an answer larger than the limit rather than reading a part of it", async () => {
    expect(await refusal(getOutboundText(`http://127.0.0.1:${port}/huge`, OPTIONS))).toBe("the answer is larger than 1 KB");
  });

  it("calls only http and https", async () => {
    expect(await refusal(getOutboundText("ftp://example.org/cal.ics", OPTIONS))).toBe("only http and https addresses are called");
  });
});
