import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboundCallError, postForm } from "./post-outbound.ts";

// A real HTTP server on loopback: the one place a test may call, and exactly what production refuses.
let server: Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push(`${request.url} ${body}`);
      if (request.url === "/moved") response.writeHead(302, { location: "http://127.0.0.1/elsewhere" }).end();
      else if (request.url === "/broken") response.writeHead(500).end("no");
      else response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const form = new URLSearchParams({ logout_token: "a.b.c" });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(OutboundCallError);
  return (error as Error).message;
}

describe("postForm", () => {
  it("refuses loopback by address and by name (the check is made where the connection is), and sends nothing", async () => {
    const before = received.length;
    expect(await refusal(postForm(`http://127.0.0.1:${port}/logout`, form, { allowPrivate: false }))).toBe("a private or loopback address is refused");
    expect(await refusal(postForm(`http://localhost:${port}/logout`, form, { allowPrivate: false }))).toBe("a private or loopback address is refused");
    expect(await refusal(postForm(`http://[::1]:${port}/logout`, form, { allowPrivate: false }))).toBe("a private or loopback address is refused");
    expect(received.length).toBe(before);
  });

  it("posts the form when the operator allows private addresses", async () => {
    expect(await postForm(`http://localhost:${port}/logout`, form, { allowPrivate: true })).toBe(200);
    expect(received.at(-1)).toBe("/logout logout_token=a.b.c");
  });

  it("never follows a redirect, and counts any answer but 2xx as a failure", async () => {
    expect(await refusal(postForm(`http://127.0.0.1:${port}/moved`, form, { allowPrivate: true }))).toBe("answered HTTP 302; redirects are not followed");
    expect(received.filter((line) => line.startsWith("/elsewhere"))).toEqual([]);
    expect(await refusal(postForm(`http://127.0.0.1:${port}/broken`, form, { allowPrivate: true }))).toBe("answered HTTP 500");
  });

  it("refuses other schemes", async () => {
    expect(await refusal(postForm("file:///etc/passwd", form, { allowPrivate: true }))).toBe("only http and https addresses are called");
  });
});
