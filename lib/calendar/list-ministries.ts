import "server-only";
import type { Database } from "../db/database.ts";
import { listPlaces } from "./list-places.ts";
import type { AdminMinistry, AdminPlaceQuery } from "./staff-schemas.ts";

/** GET /api/v1/admin/ministries (events:read): ministries with their event counts, searched by name. */
export const listMinistries = (database: Database, query: AdminPlaceQuery) => listPlaces<AdminMinistry>(database, "ministry", "p.id, p.name", query);
