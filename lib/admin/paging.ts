import type { PageMetadata } from "./schemas.ts";

/**
 * Offset paging of the staff lists. Staff lists are short (hundreds to a few thousand rows) and staff jump
 * to page N, so OFFSET is the right tool here, unlike the public feed's keyset cursor. A page past the end
 * is an empty page with the true total, not an error.
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
