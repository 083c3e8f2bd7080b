import pg from "pg";
import { TEST_DATABASE_URL } from "./test-env.ts";

/**
 * Direct SQL on the test database, to state what the API should answer independently of the code under
 * test (no Prisma, no service functions).
 */
let pool: pg.Pool | undefined;
function database(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  return pool;
}

export async function sql<Row extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<Row[]> {
  return (await database().query<Row>(text, params)).rows;
}

/**
 * A client address no other test of this run calls from (10.0.0.1, 10.0.0.2, ...: X-Forwarded-For, which
 * the test server trusts from loopback), so a per-IP attempt limit counts only the test that uses it.
 */
export async function uniqueIp(): Promise<string> {
  const [row] = await sql<{ n: string }>("SELECT nextval('e2e_unique_ip')::text AS n");
  const n = Number(row!.n);
  if (n >= 1 << 24) throw new Error("the run used every test address");
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface FeedFilters {
  type?: string;
  ministryId?: string;
  campusId?: string;
  audience?: string;
}

/** Ids of the upcoming public feed for these filters, in contract order (decisions.md 4). */
export async function expectedUpcomingIds(filters: FeedFilters = {}): Promise<string[]> {
  const conditions = ["visibility = 'public'", "status <> 'DRAFT'", "end_at >= now()"];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.type) add((p) => `event_type::text = ${p}`, filters.type);
  if (filters.ministryId) add((p) => `ministry_id = ${p}`, filters.ministryId);
  if (filters.campusId) add((p) => `campus_id = ${p}`, filters.campusId);
  if (filters.audience) add((p) => `${p} = ANY(audience)`, filters.audience);
  const rows = await sql<{ id: string }>(`SELECT id FROM event WHERE ${conditions.join(" AND ")} ORDER BY start_at, id`, params);
  return rows.map((row) => row.id);
}
