/**
 * `npm run demo`: the one command for a fresh machine. Writes a .env with a new APP_SECRET if there is
 * none, builds the app if it is not built, and starts the production server on the embedded database
 * (created, migrated and seeded with demo data on first start), then prints the address to open.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

if (!existsSync(".env")) {
  const example = readFileSync(".env.example", "utf8");
  writeFileSync(".env", example.replace(/^APP_SECRET=$/m, `APP_SECRET=${randomBytes(32).toString("base64url")}`), { mode: 0o600 });
  console.log("Wrote .env with a new APP_SECRET (edit it to use PostgreSQL instead of the embedded database).");
}

if (!existsSync(".next/BUILD_ID")) {
  console.log("Building the app (once)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn("npx", ["next", "start", "--port", String(port), "--hostname", host], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

const url = `http://localhost:${port}`;
const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  try {
    const response = await fetch(`${url}/api/health`);
    if (response.ok) {
      console.log(`\n  Church calendar is ready: ${url}/calendar\n  API: ${url}/api/calendar/events/upcoming · OpenAPI: ${url}/api/openapi.json\n`);
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
