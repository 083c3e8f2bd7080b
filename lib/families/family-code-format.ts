/**
 * The shape of a family code: 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown
 * in two groups of five (`K7QM2-XR9DW`). 31^10 ≈ 2^49.5 codes, so with the join route's attempt limits
 * guessing one is hopeless. Pure: the join form normalises what a member types the same way the server does.
 */
export const FAMILY_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const FAMILY_CODE_LENGTH = 10;
const GROUP = 5;
const SHAPE = new RegExp(`^[${FAMILY_CODE_ALPHABET}]{${FAMILY_CODE_LENGTH}}$`);

/**
 * What a member typed, as the code it stands for: spaces and dashes dropped, upper-cased. Null when it
 * cannot be a family code at all (the join route still answers it exactly like an unknown code).
 */
export function normalizeFamilyCode(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, "").toUpperCase();
  return SHAPE.test(compact) ? compact : null;
}

/** `K7QM2XR9DW` → `K7QM2-XR9DW`, the way pages and the API show a code. */
export function formatFamilyCode(code: string): string {
  return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
}
