import { churchSettingsChanged } from "../church-settings/church.ts";
import type { Database } from "../db/database.ts";
import { DEMO_CHURCH_NAME } from "./build-demo-data.ts";

/**
 * The demo church's name, saved as its administrator would save it (issue 39), unless a name is saved already:
 * a real church's server, which never runs the demo's seed, has no name until setup gives it one.
 */
export async function nameDemoChurch(database: Database): Promise<void> {
  const named = await database.query(`UPDATE church_settings SET name = $1, version = version + 1, updated_at = now() WHERE id = 1 AND name IS NULL RETURNING id`, [DEMO_CHURCH_NAME]);
  if (named.length > 0) database.afterCommit(() => churchSettingsChanged());
}
