/**
 * The benchmarks' production build: `next build` into .next-bench (NEXT_DIST_DIR), so nobody's .next is
 * touched, with the bench database and secret in its environment.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { BENCH_APP_SECRET } from "./dataset.ts";

export const DIST_DIR = ".next-bench";
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");
const BUILD_TIMEOUT_MS = 15 * 60 * 1000;

/** Builds, or with `skip` (--skip-build) checks that DIST_DIR holds a finished build; answers the build's seconds, or null. */
export function buildUnlessSkipped(skip: boolean, databaseUrl: string): number | null {
  if (!skip) return build(databaseUrl);
  if (!existsSync(path.join(DIST_DIR, "BUILD_ID"))) throw new Error(`--skip-build, but there is no build in ${DIST_DIR}: run once without it`);
  console.log(`\n▶ --skip-build: using the existing build in ${DIST_DIR}`);
  return null;
}

/** Builds into DIST_DIR; answers the seconds it took. */
export function build(databaseUrl: string): number {
  console.log(`\n▶ building into ${DIST_DIR} (NEXT_DIST_DIR=${DIST_DIR} next build)`);
  const envFile = "next-env.d.ts";
  const envFileBefore = existsSync(envFile) ? readFileSync(envFile, "utf8") : null;
  const started = performance.now();
  try {
    const result = spawnSync(process.execPath, [NEXT_BIN, "build"], {
      stdio: "inherit",
      timeout: BUILD_TIMEOUT_MS,
      env: {
        ...process.env,
        NEXT_DIST_DIR: DIST_DIR,
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_ENV: "production",
        // Nothing should touch a database at build time; if something does, let it be the bench one and
        // never the embedded folder of someone's dev server.
        DATABASE_URL: databaseUrl,
        APP_SECRET: BENCH_APP_SECRET,
      },
    });
    if (result.status !== 0) throw new Error(`next build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
    const bundle = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-server.ts"], { stdio: "inherit" });
    if (bundle.status !== 0) throw new Error("bundling the production server failed");
    return (performance.now() - started) / 1000;
  } finally {
    // next build points next-env.d.ts at its own distDir's types: point it back for everyone else's tsc,
    // unless something else rewrote it meanwhile.
    const envFileAfter = existsSync(envFile) ? readFileSync(envFile, "utf8") : null;
    if (envFileAfter !== envFileBefore && envFileAfter?.includes(`./${DIST_DIR}/types/`)) {
      if (envFileBefore === null) rmSync(envFile, { force: true });
      else writeFileSync(envFile, envFileBefore);
    }
    // The build's type declarations are not needed to run it, and tsconfig's **/*.ts would type-check them
    // even after the routes they name have changed.
    rmSync(path.join(DIST_DIR, "types"), { recursive: true, force: true });
  }
}
