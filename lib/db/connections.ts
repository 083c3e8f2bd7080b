import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { MigrationConnection } from "./migrate.ts";

/** Opens (creating if needed) the embedded PostgreSQL kept in `dataDir`. One process per folder. */
export async function openEmbeddedDatabase(dataDir: string): Promise<PGlite> {
  const absolute = path.resolve(dataDir);
  await mkdir(path.dirname(absolute), { recursive: true });
  // The same extensions as the server's own instance (lib/db.ts): migrations create pg_trgm.
  const pglite = new PGlite(absolute, { extensions: { pg_trgm } });
  await pglite.waitReady;
  return pglite;
}

export function pgliteMigrationConnection(pglite: PGlite): MigrationConnection {
  return {
    async query<Row>(sql: string, params?: unknown[]) {
      return (await pglite.query<Row>(sql, params)).rows;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
  };
}

/** A single pg connection for migrations: the advisory lock and the transaction must share a session. */
export async function withPostgresMigrationConnection<T>(
  connectionString: string,
  run: (connection: MigrationConnection) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run({
      async query<Row>(sql: string, params?: unknown[]) {
        return (await client.query(sql, params)).rows as Row[];
      },
      async exec(sql: string) {
        await client.query(sql);
      },
    });
  } finally {
    await client.end();
  }
}
