import type { MatchedAudience } from "./schemas.ts";

/**
 * Which event audiences a household matches (docs/decisions/0025), by a rule a member can check on the page:
 * - `families`: the member is responsible for a child or dependant (someone they may sign up besides themselves).
 * - `children`: one of those is under 11 today, by their birth date.
 * - `youth`: one of those is 11 to 17 today, by their birth date.
 * Nobody is matched by a guess: without a birth date a child counts for `families` only. Other audiences are
 * not matched: `members` and `adults` would take in nearly every event (the calendar page lists those), and
 * seniors, newcomers, students, men and women need facts the account does not hold or should not guess.
 */

export interface AudiencePerson {
  given_name: string;
  relation: "self" | "child" | "dependant";
  /** YYYY-MM-DD, or null when not known. */
  birth_date: string | null;
}

/** Whole years from a YYYY-MM-DD birth date to `today` (YYYY-MM-DD); null for a missing or malformed date. */
export function ageOn(birthDate: string | null, today: string): number | null {
  const birth = birthDate && /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const now = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!birth || !now) return null;
  const age = Number(now[1]) - Number(birth[1]) - (`${now[2]}-${now[3]}` < `${birth[2]}-${birth[3]}` ? 1 : 0);
  return age >= 0 ? age : null;
}

export function householdAudiences(people: readonly AudiencePerson[], today: string): MatchedAudience[] {
  const young = people.filter((person) => person.relation !== "self");
  const aged = (min: number, max: number) =>
    young.filter((person) => {
      const age = ageOn(person.birth_date, today);
      return age !== null && age >= min && age <= max;
    });
  const matched: MatchedAudience[] = [];
  if (young.length > 0) matched.push({ audience: "families", given_names: young.map((person) => person.given_name) });
  const children = aged(0, 10);
  if (children.length > 0) matched.push({ audience: "children", given_names: children.map((person) => person.given_name) });
  const youth = aged(11, 17);
  if (youth.length > 0) matched.push({ audience: "youth", given_names: youth.map((person) => person.given_name) });
  return matched;
}
