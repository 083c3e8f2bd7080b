import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "../../lib/demo/seed-identity.ts";
import { hiddenInputs } from "../support/oauth-browser.ts";
import { freePort } from "../support/scratch-server.ts";
import { TEST_APP_SECRET } from "../support/test-env.ts";

// A church's first day (issue 39): `npm start` on an empty embedded database starts empty (no demo people,
// events or apps), with the built-in roles and the portal's own client written by the server itself, so the
// sign-in works with no command; `npm run admin:create` then makes the first administrator, who signs in.

test.describe.configure({ timeout: 240_000 });

/** The app's own variables, left out of the inherited environment so the test states its own. */
const APP_VARIABLES = new Set(["APP_SECRET", "DATABASE_URL", "PGLITE_DATA_DIR", "BASE_URL", "CALENDAR_URL", "ASSET_URL", "PORT", "TRUSTED_PROXIES", "SEED_DEMO_DATA", "DEV_OUTBOX"]);
const inherited = (): Record<string, string | undefined> => Object.fromEntries(Object.entries(process.env).filter(([name]) => !APP_VARIABLES.has(name)));

function startServer(env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [".next-server/main.mjs"], {
    env: { ...inherited(), NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, exited: new Promise((resolve) => child.on("exit", resolve)), output: () => output };
}

async function stopServer(server: { child: ChildProcess; exited: Promise<number | null> }): Promise<void> {
  if (server.child.pid !== undefined && server.child.exitCode === null) {
    try {
      process.kill(-server.child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await server.exited;
}

async function healthy(http: APIRequestContext, baseUrl: string): Promise<void> {
  await expect
    .poll(async () => (await http.get(`${baseUrl}/api/health`).catch(() => null))?.status() ?? 0, { timeout: 180_000, intervals: [500] })
    .toBe(200);
}

/** The portal's sign-in through the authorization server's form; where the browser lands. */
async function signIn(http: APIRequestContext, baseUrl: string, email: string, password: string): Promise<string> {
  const signInPage = await http.get(`${baseUrl}/portal/sign-in?${new URLSearchParams({ callbackUrl: "/account" })}`);
  // The portal's client is registered: the authorization request is taken, and its sign-in page shown.
  expect(new URL(signInPage.url()).pathname).toBe("/sign-in");
  expect(new URL(signInPage.url()).searchParams.get("request")).toBeTruthy();
  const landed = await http.post(`${baseUrl}/auth/sign-in`, { form: { ...hiddenInputs(await signInPage.text()), email, password }, headers: { origin: baseUrl } });
  return new URL(landed.url()).pathname;
}

test("npm start on an empty database starts empty and signs in; admin:create makes the first administrator", async ({}, testInfo) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "church-empty-start-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { APP_SECRET: TEST_APP_SECRET, DATABASE_URL: "", PGLITE_DATA_DIR: dataDir, BASE_URL: baseUrl, PORT: String(port) };
  const http = await playwrightRequest.newContext();
  let server = startServer(env);
  try {
    await healthy(http, baseUrl);
    const feed = await http.get(`${baseUrl}/api/calendar/events/upcoming`);
    expect(feed.status()).toBe(200);
    expect((await feed.json()).items).toEqual([]);
    // No demo people: the demo's published password opens nothing.
    expect(await signIn(http, baseUrl, "admin@example.org", DEMO_PASSWORD)).toBe("/sign-in");
    await stopServer(server);

    // The embedded folder opens in one process at a time: the command runs while the server is stopped.
    const made = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/admin-create.ts", "--email", "first.admin@church.example", "--given-name", "Ruth", "--family-name", "First"], {
      env: { ...inherited(), NODE_ENV: "production", ...env, ADMIN_PASSWORD: "harbour lantern seventy" },
      encoding: "utf8",
      timeout: 120_000,
    });
    await testInfo.attach("admin:create output", { body: `${made.stdout}\n${made.stderr}`, contentType: "text/plain" });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain("Created first.admin@church.example: roles admin, member.");
    expect(`${made.stdout}${made.stderr}`).not.toContain("harbour lantern seventy");

    server = startServer(env);
    await healthy(http, baseUrl);
    expect(await signIn(http, baseUrl, "first.admin@church.example", "harbour lantern seventy")).toBe("/account");
    // The church office first asks an administrator without two-step sign-in to turn it on.
    const office = await http.get(`${baseUrl}/admin`);
    expect(office.status()).toBe(200);
    expect(await office.text()).toMatch(/two-step sign-in/i);
  } finally {
    await stopServer(server);
    await testInfo.attach("server output", { body: server.output(), contentType: "text/plain" });
    await http.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
