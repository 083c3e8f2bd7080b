/**
 * What `npm run backup` and `npm run restore` share: the configuration of an embedded database or a clear
 * exit, and paths shown as the person typed them.
 */
import path from "node:path";
import { loadDotEnv } from "../load-dot-env.ts";

/** A path as the person typed it: relative when it is under the current folder. */
export const shown = (file: string) => (path.resolve(file).startsWith(`${process.cwd()}${path.sep}`) ? path.relative(process.cwd(), file) : path.resolve(file));

/**
 * The server's configuration (.env and the environment) when it names the embedded database; otherwise the
 * command exits 2 saying what is wrong, or, on PostgreSQL, what to run instead (`postgresWay`).
 */
export async function embeddedConfigOrExit(doing: string, postgresWay: string): Promise<{ PGLITE_DATA_DIR: string }> {
  loadDotEnv();
  const { ConfigError, env } = await import("../../lib/env.ts");
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nSee .env.example for every variable.`);
    process.exit(2);
  }
  if (config.DATABASE_URL) {
    console.error(`DATABASE_URL is set: the database is PostgreSQL, which this command does not ${doing}.\n${postgresWay} (docs/deployment.md#backups).`);
    process.exit(2);
  }
  return config;
}
