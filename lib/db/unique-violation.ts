/** True for PostgreSQL's unique violation as Prisma reports it (P2002), e.g. two registrations racing. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
