import "server-only";
import type { Database } from "../db/database.ts";

/**
 * Setup mode (issue 39): the church is set up once an enabled account holds the administrator role, by the
 * setup wizard or `npm run admin:create`. Until then every page shows the "being set up" notice and the setup
 * address works. Once set up, it stays so for the life of the process: no query per page after that.
 */
const known = new WeakSet<Database>();

export async function isChurchSetUp(database: Database): Promise<boolean> {
  if (known.has(database)) return true;
  const [row] = await database.query<{ set_up: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id JOIN account a ON a.id = ur.user_id
        WHERE r.name = 'admin' AND a.disabled_at IS NULL
     ) AS set_up`,
  );
  const setUp = row?.set_up === true;
  if (setUp) known.add(database);
  return setUp;
}
