import "server-only";
import type { Database } from "../db/database.ts";

/**
 * Setup mode (issue 39): the church is set up once an enabled account holds the administrator role, by the
 * setup wizard or `npm run admin:create`. Until then every page shows the "being set up" notice and the setup
 * address works. The first time an administrator is found, the settings row records that setup is done
 * (`setup_completed_at`), and it stays done: a church whose last administrator leaves or is disabled keeps
 * its pages (an administrator comes back with `npm run admin:create`), and is never open to a setup address
 * again. Once set up, a process never asks again: no query per page after that.
 */
const known = new WeakSet<Database>();

export async function isChurchSetUp(database: Database): Promise<boolean> {
  if (known.has(database)) return true;
  const [row] = await database.query<{ completed: boolean; administrator: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM church_settings WHERE id = 1 AND setup_completed_at IS NOT NULL) AS completed,
            EXISTS (
              SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id JOIN account a ON a.id = ur.user_id
               WHERE r.name = 'admin' AND a.disabled_at IS NULL
            ) AS administrator`,
  );
  if (!row?.completed && !row?.administrator) return false;
  if (!row.completed) {
    await database.query(`UPDATE church_settings SET setup_completed_at = now() WHERE id = 1 AND setup_completed_at IS NULL`);
  }
  known.add(database);
  return true;
}
