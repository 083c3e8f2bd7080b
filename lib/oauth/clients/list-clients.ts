import "server-only";
import type { Database } from "../../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../../staff-lists/paging.ts";
import { STAFF_CLIENT_COLUMNS } from "./staff-client-columns.ts";
import type { AdminClient, AdminClientsQuery } from "./staff-schemas.ts";

const CLIENT_SORT = { name: "lower(c.name)", createdAt: "c.created_at" };

/** GET /api/v1/admin/clients (clients:read): registered clients, searched by id or name; never a secret or its hash. */
export async function listClients(database: Database, query: AdminClientsQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE (c.id ILIKE $1 OR c.name ILIKE $1)";
  }
  return selectPage<AdminClient>(database, query, { select: STAFF_CLIENT_COLUMNS, from: `client c ${where}`, values, order: orderBy(query.sort, CLIENT_SORT, "c.id") });
}
