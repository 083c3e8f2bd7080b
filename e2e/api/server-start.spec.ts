import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { TEST_APP_SECRET } from "../support/test-env.ts";

// The production build started by hand with a broken environment: it must fail loudly or report itself
// unhealthy, never serve half-working.

/** A port nothing listens on right now, so repeated or parallel runs never collide. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The app's own variables, left out of the inherited environment so each test states its own. */
const APP_VARIABLES = new Set(["APP_SECRET", "DATABASE_URL", "PGLITE_DATA_DIR", "BASE_URL", "CALENDAR_URL", "ASSET_URL", "PORT", "TRUSTED_PROXIES"]);

function startServer(port: number, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = "";
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !APP_VARIABLES.has(name)));
  // Its own process group: `npx` starts the real server as a child, and killing only `npx` would leave
  // that server running, holding the port and spinning on its closed log pipes.
  const child: ChildProcess = spawn(process.execPath, [".next-server/main.mjs"], {
    env: { ...inherited, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code: number | null) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Stops the server and everything it started (the whole process group). */
function stopServer(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

test("a missing APP_SECRET and a bad DATABASE_URL stop start-up with messages that name them", async () => {
  const port = await freePort();
  const server = startServer(port, { DATABASE_URL: "mysql://nope", PORT: String(port) });
  const code = await Promise.race([server.exited, new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 30_000))]);
  if (code === "timeout") stopServer(server.child, "SIGKILL");
  expect(code).toBe(1);
  expect(server.output()).toContain("APP_SECRET: is required");
  expect(server.output()).toContain("DATABASE_URL: must be a postgres:// or postgresql:// connection string");
  expect(server.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
});

test("/api/health answers 503 while the database does not answer", async ({ request }, testInfo) => {
  const port = await freePort();
  // Nothing listens on port 1: every connection is refused at once.
  const server = startServer(port, { APP_SECRET: TEST_APP_SECRET, DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none", PORT: String(port) });
  try {
    await expect
      .poll(async () => {
        try {
          return (await request.get(`http://127.0.0.1:${port}/api/health`)).status();
        } catch {
          return 0;
        }
      }, { timeout: 30_000 })
      .toBe(503);
    const response = await request.get(`http://127.0.0.1:${port}/api/health`);
    expect(await response.json()).toEqual({ status: "unavailable" });
    // The calendar answers a passing outage in its own error shape: 503 with Retry-After, never the driver's
    // message (decision 0016).
    const feed = await request.get(`http://127.0.0.1:${port}/api/calendar/events/upcoming`);
    expect(feed.status()).toBe(503);
    expect(await feed.json()).toEqual({ error: true, message: "the calendar is briefly unavailable; try again", statusCode: 503 });
    expect(feed.headers()["retry-after"]).toBe("5");
    expect(feed.headers()["cache-control"]).toBe("no-store");
    // And the identity API in its own: service_unavailable.
    const profile = await request.get(`http://127.0.0.1:${port}/api/v1/users/me`, { headers: { authorization: "Bearer x.y.z" } });
    expect([401, 503]).toContain(profile.status());
  } finally {
    stopServer(server.child, "SIGTERM");
    await server.exited;
    await testInfo.attach("server output", { body: server.output(), contentType: "text/plain" });
    if (testInfo.status !== testInfo.expectedStatus) console.log(server.output());
  }
});
