/**
 * `npm run demo`: the one command for a fresh machine. Writes a .env with a new APP_SECRET if there is
 * none, builds the app if it is not built, adds the demo identities (accounts with the password
 * `demo-password`, the portal's client, `demo-app`) to the configured database, then starts the production
 * server on it (the embedded database is created and migrated on first open; the server seeds its
 * calendar at start-up when it is empty), and prints the address to open. The identities are seeded
 * here, before the server opens the database (an embedded database allows one process at a time), never
 * by a server start.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { demoAddress } from "./demo-address.ts";
import { SERVER_NODE_OPTIONS } from "../server/node-options.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// A demo has no mail server: show the codes it "sends" at /dev/outbox (it also holds demo accounts with a
// published password, so it is never a production deployment).
// And it is a demo: an empty embedded database is filled with the demo calendar and people.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DEV_OUTBOX: process.env.DEV_OUTBOX ?? "true", SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? "true" };

if (!existsSync(".env")) {
  const example = readFileSync(".env.example", "utf8");
  writeFileSync(".env", example.replace(/^APP_SECRET=$/m, `APP_SECRET=${randomBytes(32).toString("base64url")}`), { mode: 0o600 });
  console.log("Wrote .env with a new APP_SECRET (edit it to use PostgreSQL instead of the embedded database).");
}

if (!existsSync(".next/BUILD_ID") || !existsSync(".next-server/main.mjs")) {
  console.log("Building the app (once)…");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The seed imports the server's modules (they import `server-only`), hence Node's "react-server" condition.
console.log("Adding the demo accounts and clients…");
// Same environment as the server below, so the portal's redirect URI is registered under its BASE_URL.
const seed = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "prisma/seed.ts", "--identity-only"], { stdio: "inherit", env });
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ".next-server/main.mjs"], { stdio: "inherit", env: { ...env, PORT: String(port), HOST: host } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// Asked here, on this machine; told as BASE_URL, the origin the server answers forms for.
const local = `http://localhost:${port}`;
const url = demoAddress(process.env, existsSync(".env") ? readFileSync(".env", "utf8") : null, port);
const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  try {
    const response = await fetch(`${local}/api/health`);
    if (response.ok) {
      console.log(
        `\n  Church calendar is ready: ${url}/calendar\n  API: ${url}/api/calendar/events/upcoming · OpenAPI: ${url}/api/openapi.json\n` +
          `  Sign in: ${url}/sign-in as member@example.org (or totp@, guardian@, staff@example.org), password demo-password\n` +
          `  Emails and codes: ${url}/dev/outbox\n`,
      );
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
