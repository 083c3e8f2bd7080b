/**
 * Coming of age, on calendar dates (`YYYY-MM-DD`, the form birth dates are stored in). Pure, so the
 * scheduled command, the family join and the pages agree on the day.
 *
 * A member is of age on the day their birthday falls `age` years after their birth. Someone born on
 * 29 February comes of age on 1 March in a year without one (the day after 28 February: they have not
 * yet lived `age` full years on the 28th). Dates compare as strings because the form is fixed-width.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a well-formed calendar date (`2011-04-12`; not `2011-02-30`). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Today's date in UTC: the day the scheduled command and the join route count with. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The latest birth date of someone who is of age on `today`: `today` less `age` years. Kept as a string
 * even when that day does not exist (`2008-02-29` in a non-leap year), which still compares correctly.
 */
export function latestBirthDateOfAge(today: string, age: number): string {
  const match = DATE.exec(today);
  if (!match) throw new Error(`not a date: ${today}`);
  return `${String(Number(match[1]) - age).padStart(4, "0")}-${match[2]}-${match[3]}`;
}

/** Whether someone born on `birthDate` is under `age` on `today`. An unknown or malformed birth date is not. */
export function isMinorOn(birthDate: string | null, today: string, age: number): boolean {
  if (!birthDate || !isCalendarDate(birthDate)) return false;
  return birthDate > latestBirthDateOfAge(today, age);
}

/** The day someone born on `birthDate` comes of age (29 February → 1 March when that year has none). */
export function comesOfAgeOn(birthDate: string, age: number): string {
  const match = DATE.exec(birthDate);
  if (!match || !isCalendarDate(birthDate)) throw new Error(`not a date: ${birthDate}`);
  const date = new Date(Date.UTC(Number(match[1]) + age, Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10);
}
