import "server-only";
import { sql } from "../db.ts";
import type { AttemptKey } from "./keys.ts";

/** Forgets a key's failures after a success (the member signed in), so a typo last week costs nothing. */
export async function clearAttempts(key: AttemptKey): Promise<void> {
  await sql(`DELETE FROM attempt_counter WHERE key = $1`, [key.key]);
}
