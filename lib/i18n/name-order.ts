/**
 * People's names in the order a reader expects (issue 41), not the database's: its collation is the server's
 * (C.UTF-8 here, byte order), which puts "Zoe" before "Ángel" and "bea" after "Zoe". The Unicode Collation
 * Algorithm's root order (Intl's "und") sets accents and case aside first, as English's and Spanish's orders do;
 * the two differ from it only in where Spanish puts ñ, after n. A list whose reader's language is known sorts by
 * it (`locale`); an API answer, read in any language, by the root order.
 */
export function nameCollator(locale = "und"): Intl.Collator {
  return new Intl.Collator(locale, { numeric: true });
}

const ROOT = nameCollator();

/**
 * Rows in the order of their group (a rank, as the query gave it), then name, then id: the database's ORDER BY
 * kept for everything but the name. Stable and total, so two calls give the same order.
 */
export function byGroupThenName<Row>(rows: readonly Row[], name: (row: Row) => string, id: (row: Row) => string, group: (row: Row) => number | string = () => 0, collator: Intl.Collator = ROOT): Row[] {
  return [...rows].sort((a, b) => {
    const [groupA, groupB] = [group(a), group(b)];
    if (groupA !== groupB) return groupA < groupB ? -1 : 1;
    return collator.compare(name(a), name(b)) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
  });
}
