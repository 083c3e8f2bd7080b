import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerParserRefusals } from "./parser-refusals.ts";

const servers: http.Server[] = [];

async function serverWith(lingerMs?: number): Promise<{ port: number; server: http.Server }> {
  const server = http.createServer((_request, response) => response.end("ok"));
  answerParserRefusals(server, { "X-Content-Type-Options": "nosniff" }, lingerMs);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function openConnections(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

interface Connection {
  socket: net.Socket;
  received: () => string;
  /** Resolves once the refusal's head and body have arrived. */
  answered: Promise<void>;
  /** Resolves when the connection closes: with the error that closed it, if any. */
  closed: Promise<Error | null>;
}

/** A connection that sends a head over Node's 16 KB limit, unfinished (no blank line), and reads what comes back. */
function headOverTheLimit(port: number): Connection {
  const chunks: Buffer[] = [];
  let failure: Error | null = null;
  let answered: () => void = () => undefined;
  // Half-open allowed: a client still sending after the server's close, as a browser or curl may be.
  const socket = net.connect({ host: "127.0.0.1", port, allowHalfOpen: true }, () => {
    socket.write(`GET /api/v1/users/me HTTP/1.1\r\nHost: church.example\r\nCookie: big=${"x".repeat(20_000)}`);
  });
  socket.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    if (/\r\n\r\n\{.*\}$/s.test(Buffer.concat(chunks).toString("latin1"))) answered();
  });
  socket.on("error", (error) => (failure = error));
  return {
    socket,
    received: () => Buffer.concat(chunks).toString("utf8"),
    answered: new Promise((resolve) => (answered = resolve)),
    closed: new Promise((resolve) => socket.on("close", () => resolve(failure))),
  };
}

describe("answerParserRefusals: a request Node's parser refuses", () => {
  it("is answered in its surface's shape, and the connection reads what the client still sends until it closes", async () => {
    // A linger longer than the test: here only the client's own close may end the connection.
    const { port, server } = await serverWith(60_000);
    const connection = headOverTheLimit(port);
    await connection.answered;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(connection.received()).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(connection.received().split("\r\n\r\n")[1]!)).toEqual({ error: "invalid_request", error_description: "the request headers are too large" });

    // The rest of the head and more, in reads of their own after the refusal. Closed at the first of them, the
    // connection was reset under the writes that followed, and a client told of the reset first lost the refusal.
    for (let part = 0; part < 5; part++) {
      await new Promise<void>((resolve, reject) => connection.socket.write("x".repeat(8_000), (error) => (error ? reject(error) : resolve())));
      await sleep(20);
      expect(await openConnections(server)).toBe(1);
    }
    connection.socket.end("\r\n\r\n");
    expect(await connection.closed).toBeNull();
    await vi.waitFor(async () => expect(await openConnections(server)).toBe(0), { timeout: 10_000, interval: 20 });
  });

  it("closes a refused connection whose client never closes its side", async () => {
    const { port, server } = await serverWith(100);
    const connection = headOverTheLimit(port);
    await connection.answered;
    connection.socket.write("x".repeat(8_000));
    // Nothing more is sent, and the client never closes: the server lets go of the connection once the linger is
    // over. (Whether it was still open a moment ago would race the 100 ms; the test above shows it lingers.)
    await vi.waitFor(async () => expect(await openConnections(server)).toBe(0), { timeout: 10_000, interval: 20 });
  });

  it("still serves a request Node's parser accepts", async () => {
    const { port } = await serverWith();
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(await answer.text()).toBe("ok");
  });
});
