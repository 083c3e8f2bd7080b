/**
 * Where the proofs run. Every proof starts its own production servers on its own ports against its own
 * database, so nothing another suite does (or did) to the shared end-to-end database can move the numbers,
 * and the "nothing changed" snapshots see only the proof's own requests.
 *
 *   PROOFS_PORT          first port (default TEST_PORT + 10, or 3110): servers on PORT and PORT + 1
 *   PROOFS_DATABASE_URL  the fuzz database; the two-instance proof uses the same name + `_instances`
 *   PROOFS_PG_PORT       the private PostgreSQL cluster of the fault proof (default 55432)
 *   PROOFS_PG_BIN        where initdb and pg_ctl live (default /usr/lib/postgresql/15/bin)
 */
export const PROOFS_APP_SECRET = "proofs-secret-0123456789abcdef0123456789abcdef";

export const PROOFS_PORT = Number(process.env.PROOFS_PORT ?? (process.env.TEST_PORT ? Number(process.env.TEST_PORT) + 10 : 3110));
export const PROOFS_DATABASE_URL = process.env.PROOFS_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/church_proofs";
export const ADMIN_DATABASE_URL = process.env.ADMIN_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const PROOFS_PG_PORT = Number(process.env.PROOFS_PG_PORT ?? 55432);
export const PROOFS_PG_BIN = process.env.PROOFS_PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** The same server, another database name on it. */
export function siblingDatabase(url: string, suffix: string): string {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname}${suffix}`;
  return parsed.toString();
}

/** The fuzz server's CRON_SECRET, so the scheduled-job routes exist and their secret check is reached. */
export const PROOFS_CRON_SECRET = "proofs-cron-secret-0123456789abcdef";
