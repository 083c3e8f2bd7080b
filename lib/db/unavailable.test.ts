import net from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { isDatabaseUnavailable } from "./unavailable.ts";

// What pg, Prisma's driver adapter and Node throw while PostgreSQL is stopped or restarting (seen by the
// fault proof, scripts/proofs/faults.ts), and what must stay a 500.
describe("isDatabaseUnavailable", () => {
  const wrapped = (inner: unknown) => Object.assign(new Error("Invalid `prisma.session.findUnique()` invocation"), { cause: inner });

  it.each([
    ["connection refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:55432"), { code: "ECONNREFUSED" })],
    ["admin shutdown (pg_ctl stop)", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
    ["starting up", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["pool timeout", new Error("timeout exceeded when trying to connect")],
    ["Prisma can't reach the server", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    ["wrapped by Prisma in cause", wrapped(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))],
    ["wrapped twice", wrapped(wrapped(new Error("Connection terminated due to connection timeout")))],
    ["an AggregateError of connect attempts", Object.assign(new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })], ""), {})],
    ["the driver adapter's originalCode", Object.assign(new Error("DriverAdapterError"), { originalCode: "57P01" })],
    ["too many connections", Object.assign(new Error("sorry, too many clients already"), { code: "53300" })],
  ])("%s → unavailable", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" })],
    ["a syntax error", Object.assign(new Error('syntax error at or near "SELEC"'), { code: "42601" })],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["not an error", "ECONNREFUSED"],
    ["null", null],
  ])("%s → not unavailable (stays a 500)", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  // Prisma's own errors, made by Prisma: a "server" that resets every connection once it has been spoken to.
  it("recognises a reset connection under a raw query (P2010) and a model query (P1017)", async () => {
    const server = net.createServer((socket) => socket.once("data", () => socket.resetAndDestroy()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: `postgresql://postgres@127.0.0.1:${port}/reset` }) });
    try {
      const raw = await prisma.$queryRaw`SELECT 1`.then(() => undefined, (error: unknown) => error);
      // The raw query's message names no code the other checks know: only the adapter's kind says it.
      expect(raw).toMatchObject({ code: "P2010", message: expect.stringContaining("Server has closed the connection.") });
      expect(isDatabaseUnavailable(raw)).toBe(true);
      const model = await prisma.user.findFirst().then(() => undefined, (error: unknown) => error);
      expect(model).toMatchObject({ code: "P1017" });
      expect(isDatabaseUnavailable(model)).toBe(true);
    } finally {
      await prisma.$disconnect();
      server.close();
    }
  });
});
