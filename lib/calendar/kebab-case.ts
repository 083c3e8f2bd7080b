/**
 * Text as lower-case ASCII words joined by dashes (accents dropped, `&` read as "and"): the words of an
 * event's slug. Pure, so the demo data builds its slugs by the same rule.
 */
export function kebab(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
