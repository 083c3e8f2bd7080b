/**
 * What the data table (data-table.tsx) decides without the page: which way a press on a column's header
 * sorts, how that order is asked of a staff list API, and where a long address may break.
 */

export type SortDirection = "ascending" | "descending";

/** A table's order: the column it is sorted by, and which way (the values of `aria-sort`). */
export interface TableSort<Column extends string = string> {
  column: Column;
  direction: SortDirection;
}

/**
 * The order after a press on a column's header: the sorted column turns the other way; another column
 * starts in its own first direction (names A to Z; a column of dates may start with the latest).
 */
export function nextSort<Column extends string>(current: TableSort<Column>, column: Column, first: SortDirection = "ascending"): TableSort<Column> {
  if (current.column === column) return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
  return { column, direction: first };
}

/** A staff list API's `sort` parameter: the field, or `-field` for descending (lib/staff-lists/schemas.ts). */
export function sortParam<Field extends string>(field: Field, direction: SortDirection): Field | `-${Field}` {
  return direction === "descending" ? `-${field}` : field;
}

/**
 * An address in the pieces a line may break between: before its `@` and before each dot, as a printed
 * address breaks, never inside a word. `mary.jones@example.org` → `mary`, `.jones`, `@example`, `.org`.
 */
export function addressPieces(address: string): string[] {
  return address.split(/(?=[@.])/).filter((piece) => piece !== "");
}
