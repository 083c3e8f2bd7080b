import type { Database } from "../db/database.ts";
import type { PageMetadata } from "./schemas.ts";

/**
 * Offset paging of the staff lists (every list under /api/v1/admin). Staff lists are short (hundreds to a
 * few thousand rows) and staff jump to page N, so OFFSET is the right tool here, unlike the public feed's
 * keyset cursor. A page past the end is an empty page with the true total, not an error.
 */
export interface PageRequest {
  page: number;
  per: number;
}

export const offsetOf = ({ page, per }: PageRequest): number => (page - 1) * per;

export function pageEnvelope<Item>(request: PageRequest, total: number, items: Item[]): { metadata: PageMetadata; items: Item[] } {
  return { metadata: { total, page: request.page, per: request.per }, items };
}

/** `sort` as an ORDER BY from a whitelist (never the caller's text), with a unique tie-breaker. */
export function orderBy(sort: string, columns: Record<string, string>, tieBreaker: string): string {
  const descending = sort.startsWith("-");
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) throw new Error(`sort ${sort} is not whitelisted`);
  const direction = descending ? "DESC" : "ASC";
  return `${column} ${direction}, ${tieBreaker} ${direction}`;
}

/** A search text as an ILIKE pattern matching it anywhere, its own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A timestamp column as the API writes instants: ISO 8601 in UTC with milliseconds. */
export const isoTimestamp = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of a staff list, in raw SQL: the lists search with ILIKE across joined names and sort by
 * expressions (`lower(name)`), which Prisma cannot say (docs/decisions/0019). `from` is the FROM clause with
 * its joins and WHERE (over `values`, $1 …); `select` the columns; the total counts `countFrom` (default
 * `from`), and the page is ordered by `order` (orderBy's whitelist), limited and offset.
 */
export async function selectPage<Row>(
  database: Database,
  request: PageRequest,
  statement: { select: string; from: string; countFrom?: string; values: readonly unknown[]; order: string },
): Promise<{ metadata: PageMetadata; items: Row[] }> {
  const { values } = statement;
  const [count] = await database.query<{ total: string }>(`SELECT count(*)::text AS total FROM ${statement.countFrom ?? statement.from}`, values);
  const rows = await database.query<Row>(
    `SELECT ${statement.select} FROM ${statement.from}
      ORDER BY ${statement.order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, request.per, offsetOf(request)],
  );
  return pageEnvelope(request, Number(count?.total ?? 0), rows);
}
