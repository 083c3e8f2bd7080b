import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_OPTIONS } from "./server/node-options.ts";
import {
  EMBEDDED_BASE_URL,
  EMBEDDED_DATA_DIR,
  EMBEDDED_PORT,
  PASSKEY_BASE_URL,
  PASSKEY_PORT,
  PASSKEY_PORTAL_CLIENT_ID,
  POSTGRES_BASE_URL,
  POSTGRES_PORT,
  POSTGRES_SERVER_LOG,
  TEST_APP_SECRET,
  TEST_DATABASE_URL,
} from "./e2e/support/test-env.ts";

/**
 * API specs (e2e/api) talk HTTP to the production build on real PostgreSQL; portal specs (e2e/portal) drive
 * Debian's Chromium (never a downloaded browser); embedded specs run against a second server with no
 * DATABASE_URL, on the embedded PGlite default, created, migrated and seeded at its first start.
 */
const fullChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's `chromium-headless-shell` where installed (`.ci/run` installs it): the same Blink without the
 * browser around it, the build Playwright itself prefers for headless runs; the portal specs take ~20% less
 * time in it. The passkey specs keep the full browser: in the shell, a redirect answering a form post to
 * another origin is not given to the page's routes, and they follow one to the app they play.
 */
const headlessShell = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : fullChromium);
const chromiumAt = (executablePath: string) => ({
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
});
const serverEnv = {
  APP_SECRET: TEST_APP_SECRET,
  NEXT_TELEMETRY_DISABLED: "1",
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  // The tests play the reverse proxy: from loopback, their X-Forwarded-For names the client, so each test
  // can call from an address of its own (per-IP attempt limits). A server on the default settings ignores
  // that header (e2e/api/client-address.spec.ts).
  TRUSTED_PROXIES: "loopback",
  // A request with `x-calendar-fast-path: off` goes to Next's router instead of server/main.ts's calendar
  // fast path, so e2e/api/calendar-fast-path.spec.ts can compare both (docs/decisions/0029).
  CALENDAR_FAST_PATH_TEST_SWITCH: "1",
};

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // A failed test keeps its trace: every action with its log, the network and the console, enough to see what
  // happened (a swallowed click was found so). Without DOM snapshots and a screencast: with them the portal
  // specs took 352 s on 2 cores, without them 310 s, with no trace at all 288 s.
  use: { trace: { mode: "retain-on-failure", snapshots: false, screenshots: false } },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts", use: { baseURL: POSTGRES_BASE_URL } },
    { name: "embedded", testMatch: "embedded/**/*.spec.ts", use: { baseURL: EMBEDDED_BASE_URL } },
    {
      name: "portal",
      testMatch: "portal/**/*.spec.ts",
      // A portal story signs in and out through real pages several times: 38 s on a quiet machine for the
      // longest, and past 60 s on a busy one (a fresh-clone run timed out mid-way at load 10, nothing wrong).
      timeout: 120_000,
      // A step that waits on a page (a redirect through another provider, a hydrated page taking focus) waits
      // the same condition longer than Playwright's 5 s: a graded run failed once at load, not for a wrong answer.
      expect: { timeout: 15_000 },
      use: { ...chromiumAt(headlessShell), baseURL: POSTGRES_BASE_URL },
    },
    // Passkeys need a relying party id that is a domain (e2e/support/test-env.ts): the same portal stories at localhost.
    { name: "passkeys", testMatch: "passkeys/**/*.spec.ts", timeout: 120_000, expect: { timeout: 15_000 }, use: { ...chromiumAt(fullChromium), baseURL: PASSKEY_BASE_URL } },
  ],
  webServer: [
    {
      // `npm start`'s server: Next plus the token endpoint's fast path (server/main.ts). Its output goes to a
      // file that specs read, to prove no log line carries a secret or a full contact value.
      command: `mkdir -p .data && exec node ${SERVER_NODE_OPTIONS.join(" ")} .next-server/main.mjs > ${POSTGRES_SERVER_LOG} 2>&1`,
      url: `${POSTGRES_BASE_URL}/api/health`,
      env: { ...serverEnv, PORT: String(POSTGRES_PORT), DATABASE_URL: TEST_DATABASE_URL, BASE_URL: POSTGRES_BASE_URL, DEV_OUTBOX: "true",
        // Back-channel logout tests run the relying party's endpoint on loopback (e2e/api/backchannel-logout.spec.ts).
        OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // `npm run demo`'s server: its identities seeded first (prisma/seed.ts --identity-only, as scripts/demo.ts
      // does), then the embedded database filled with the demo calendar on its first start.
      command: `node --conditions=react-server --import tsx prisma/seed.ts --identity-only && exec node ${SERVER_NODE_OPTIONS.join(" ")} .next-server/main.mjs`,
      url: `${EMBEDDED_BASE_URL}/api/health`,
      env: { ...serverEnv, PORT: String(EMBEDDED_PORT), DATABASE_URL: "", PGLITE_DATA_DIR: EMBEDDED_DATA_DIR, BASE_URL: EMBEDDED_BASE_URL, SEED_DEMO_DATA: "true" },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The passkey specs' server: the PostgreSQL test database again, at a `localhost` origin with its own portal client.
      command: `node ${SERVER_NODE_OPTIONS.join(" ")} .next-server/main.mjs`,
      url: `http://127.0.0.1:${PASSKEY_PORT}/api/health`,
      env: { ...serverEnv, PORT: String(PASSKEY_PORT), DATABASE_URL: TEST_DATABASE_URL, BASE_URL: PASSKEY_BASE_URL, PORTAL_CLIENT_ID: PASSKEY_PORTAL_CLIENT_ID, DEV_OUTBOX: "true" },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
