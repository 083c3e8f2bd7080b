/** A timestamp as the driver or Prisma returns it (Date, or a string on some paths) as ISO 8601; null stays null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}
