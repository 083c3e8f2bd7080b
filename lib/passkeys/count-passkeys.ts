import "server-only";
import type { Database } from "../db/database.ts";

/** How many passkeys a member has (the second-factor page offers one only when there is one to use). */
export async function countPasskeys(database: Database, userId: string): Promise<number> {
  return database.prisma.passkey.count({ where: { userId } });
}
