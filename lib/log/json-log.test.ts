import { afterEach, describe, expect, it, vi } from "vitest";
import { currentRequestId, describeError, logLine, runWithRequestId } from "./json-log.ts";

/** The lines written to stdout and stderr while `run` runs, parsed. */
function captured(run: () => void): { stdout: unknown[]; stderr: unknown[] } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  run();
  const parse = (lines: string[]) => lines.map((line) => (expect(line.endsWith("\n")).toBe(true), JSON.parse(line)));
  return { stdout: parse(out), stderr: parse(err) };
}

afterEach(() => vi.restoreAllMocks());

describe("logLine", () => {
  it("writes one JSON line with the request id of the request being served, also after an await", async () => {
    const lines: unknown[] = [];
    await runWithRequestId("req-12345678", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentRequestId()).toBe("req-12345678");
      lines.push(...captured(() => logLine("info", "request", { status: 200 })).stdout);
    });
    expect(lines).toEqual([{ time: expect.any(String), level: "info", msg: "request", requestId: "req-12345678", status: 200 }]);
    expect(currentRequestId()).toBeUndefined();
  });

  it("sends warnings and errors to stderr, without a request id outside a request", () => {
    const { stdout, stderr } = captured(() => logLine("error", "boom", { route: "/x" }));
    expect(stdout).toEqual([]);
    expect(stderr).toEqual([{ time: expect.any(String), level: "error", msg: "boom", route: "/x" }]);
  });

  it("never writes the private feed's token, in the access log's path or an error line's route", () => {
    const token = "k3Yq0x_Ab-" + "Z".repeat(33);
    const { stdout, stderr } = captured(() => {
      logLine("info", "request", { path: `/api/calendar/mine/${token}.ics`, status: 200 });
      logLine("error", "unexpected error", { route: `/api/calendar/mine/${token}.ics` });
    });
    expect(stdout).toEqual([{ time: expect.any(String), level: "info", msg: "request", path: "/api/calendar/mine/[redacted].ics", status: 200 }]);
    expect(stderr).toEqual([{ time: expect.any(String), level: "error", msg: "unexpected error", route: "/api/calendar/mine/[redacted].ics" }]);
  });
});

describe("describeError", () => {
  it("keeps a Prisma error's class and code only: its message can quote the query's arguments", () => {
    const error = Object.assign(new Error("Unique constraint failed on the fields: (`email`) value jane@example.org"), { name: "PrismaClientKnownRequestError", code: "P2002" });
    expect(describeError(error)).toEqual({ error: "PrismaClientKnownRequestError", code: "P2002" });
  });

  it("never includes a driver's detail, which quotes the offending values", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "account_email_key"'), { code: "23505", detail: "Key (email)=(jane@example.org) already exists." });
    const described = describeError(error);
    expect(described).toMatchObject({ error: 'Error: duplicate key value violates unique constraint "account_email_key"', code: "23505" });
    expect(JSON.stringify(described)).not.toContain("jane@example.org");
  });

  it("clips long messages and keeps a few stack frames", () => {
    const described = describeError(new TypeError("x".repeat(2000)));
    expect((described.error as string).length).toBe(500);
    expect((described.stack as string[]).length).toBeGreaterThan(0);
    expect((described.stack as string[]).length).toBeLessThanOrEqual(5);
  });
});
