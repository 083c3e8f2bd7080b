import "server-only";
import type { Database } from "../db/database.ts";
import type { AttemptKey } from "./keys.ts";

/** Forgets a key's failures after a success (the member signed in), so a typo last week costs nothing. */
export async function clearAttempts(database: Database, key: AttemptKey): Promise<void> {
  await database.query(`DELETE FROM attempt_counter WHERE key = $1`, [key.key]);
}
