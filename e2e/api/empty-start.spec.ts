import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { hiddenInputs } from "../support/oauth-browser.ts";
import { generate } from "otplib";
import pg from "pg";
import { createScratchDatabase, dropScratchDatabase, freePort, startScratchServer, type ScratchServer } from "../support/scratch-server.ts";
import { TEST_APP_SECRET } from "../support/test-env.ts";

// A church's first day (issue 39): `npm start` on an empty database starts empty (no demo people, events or
// apps), with the built-in roles and the portal's own client written by the server itself, and in setup mode:
// its log holds the setup address, every page says the church is being set up. `npm run admin:create`, or the
// setup wizard (its pages: e2e/portal/first-day.spec.ts), makes the first administrator; setup then ends.

async function scratchSql<Row extends pg.QueryResultRow>(connectionString: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

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

/** The setup address the server wrote to its log. */
function setupAddressIn(log: string): string | null {
  return /(http:\/\/127\.0\.0\.1:\d+\/setup\?token=[A-Za-z0-9_-]+)/.exec(log)?.[1] ?? null;
}

async function setupState(http: APIRequestContext, baseUrl: string): Promise<string> {
  return (await (await http.get(`${baseUrl}/api/v1/system/ready`)).json()).setup;
}

test("npm start on an empty embedded folder starts empty and in setup mode; admin:create makes the first administrator and ends it", async ({}, testInfo) => {
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
    // No administrator: setup mode, its address in the log, a notice on every page.
    expect(await setupState(http, baseUrl)).toBe("waiting");
    const address = setupAddressIn(server.output());
    expect(address).toBeTruthy();
    expect(await (await http.get(`${baseUrl}/`)).text()).toContain("is being set up");
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
    expect(await setupState(http, baseUrl)).toBe("done");
    expect(setupAddressIn(server.output()), "no setup address once an administrator exists").toBeNull();
    // Setup is refused through the web: the page is gone and the old address opens nothing.
    expect((await http.get(`${baseUrl}/setup`)).status()).toBe(404);
    const reuse = await http.post(`${baseUrl}/api/v1/setup/check`, { data: { token: new URL(address!).searchParams.get("token") } });
    expect(reuse.status()).toBe(404);
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

test("npm start on an empty PostgreSQL database: the setup address's wizard, through its API, makes the first administrator with two-step sign-in", async ({}, testInfo) => {
  const databaseUrl = await createScratchDatabase(`setup_${process.pid}`, { setUp: false });
  const http = await playwrightRequest.newContext();
  let server: ScratchServer | undefined;
  try {
    server = await startScratchServer({ DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "false" });
    const { baseUrl } = server;
    await healthy(http, baseUrl);
    expect(await setupState(http, baseUrl)).toBe("waiting");
    const token = new URL(setupAddressIn(server.output())!).searchParams.get("token")!;
    const post = (path: string, data: object) => http.post(`${baseUrl}/api/v1/setup/${path}`, { data: { token, ...data } });

    const opened = await post("check", {});
    expect(await opened.json()).toMatchObject({ email_sending: false });
    const made = await post("administrator", {
      church: { name: "Grace Chapel", country: "CA", time_zone: "America/Toronto", campus_name: "Downtown" },
      administrator: { given_name: "Ada", family_name: "First", email: "ada@grace.example", password: "harbour lantern seventy kites" },
    });
    expect(made.status(), await made.text()).toBe(201);
    const secret = new URL((await made.json()).otpauth_url).searchParams.get("secret")!;
    const wrong = await post("complete", { code: (await generate({ secret })) === "000000" ? "111111" : "000000" });
    expect(wrong.status()).toBe(400);
    const done = await post("complete", { code: await generate({ secret }) });
    expect(done.status(), await done.text()).toBe(200);
    expect((await done.json()).recovery_codes).toHaveLength(10);

    expect(await setupState(http, baseUrl)).toBe("done");
    expect((await post("check", {})).status()).toBe(404);
    expect((await http.get(`${baseUrl}/setup`)).status()).toBe(404);
    // Nothing of the demo: the one account is the administrator's, and the campus is the church's own.
    const rows = await scratchSql(databaseUrl, `SELECT (SELECT count(*) FROM account)::int AS accounts, (SELECT count(*) FROM event)::int AS events, (SELECT string_agg(name, ',') FROM campus) AS campuses`);
    expect(rows[0]).toEqual({ accounts: 1, events: 0, campuses: "Downtown" });
    await testInfo.attach("server output", { body: server.output(), contentType: "text/plain" });
  } finally {
    await server?.stop();
    await http.dispose();
    await dropScratchDatabase(databaseUrl);
  }
});
