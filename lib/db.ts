import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations } from "./db/migrate.ts";
import { pgliteMigrationConnection } from "./db/connections.ts";
import { env } from "./env.ts";
import { PrismaClient } from "./generated/prisma/client.ts";

/**
 * The one Prisma client of this process. With DATABASE_URL it talks to that PostgreSQL server (migrated by
 * `npm run db:migrate` at deploy time). Without it, it runs on an embedded PostgreSQL (PGlite) in
 * PGLITE_DATA_DIR that is created, migrated and seeded with demo data on first use. Kept on globalThis so
 * `next dev` reloads reuse it instead of opening the embedded folder twice.
 */
export type DatabaseKind = "postgres" | "embedded";

interface DatabaseHandle {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** Settles when the database is usable: for the embedded one, after migrations and the first seed. */
  ready: Promise<void>;
}

const globalForDb = globalThis as typeof globalThis & { __churchDatabase?: DatabaseHandle };

function openPostgres(connectionString: string): DatabaseHandle {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }) });
  return { kind: "postgres", prisma, ready: Promise.resolve() };
}

function openEmbedded(dataDir: string, seedDemoData: boolean): DatabaseHandle {
  const absolute = path.resolve(dataDir);
  mkdirSync(path.dirname(absolute), { recursive: true });
  const pglite = new PGlite(absolute);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const ready = (async () => {
    await pglite.waitReady;
    const applied = await applyMigrations(pgliteMigrationConnection(pglite));
    if (applied.length > 0) console.log(`[db] embedded database at ${absolute}: applied ${applied.join(", ")}`);
    if (seedDemoData && (await prisma.event.count()) === 0) {
      const { seedDemoData: seed } = await import("./demo/seed-demo-data.ts");
      const counts = await seed(prisma);
      console.log(`[db] seeded demo data: ${counts.campuses} campuses, ${counts.ministries} ministries, ${counts.events} events`);
    }
  })();
  return { kind: "embedded", prisma, ready };
}

function handle(): DatabaseHandle {
  if (!globalForDb.__churchDatabase) {
    const config = env();
    globalForDb.__churchDatabase = config.DATABASE_URL
      ? openPostgres(config.DATABASE_URL)
      : openEmbedded(config.PGLITE_DATA_DIR, config.SEED_DEMO_DATA);
  }
  return globalForDb.__churchDatabase;
}

/** The Prisma client, once the database is ready. */
export async function db(): Promise<PrismaClient> {
  const { prisma, ready } = handle();
  await ready;
  return prisma;
}

export function databaseKind(): DatabaseKind {
  return handle().kind;
}

/** Opens the database and waits until it is ready; called once at server start-up. */
export async function prepareDatabase(): Promise<DatabaseKind> {
  await db();
  return databaseKind();
}
