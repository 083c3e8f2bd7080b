import "server-only";
import type { Database } from "../db/database.ts";
import { listPlaces } from "./list-places.ts";
import type { AdminCampus, AdminPlaceQuery } from "./staff-schemas.ts";

/** GET /api/v1/admin/campuses (events:read): campuses with their time zones and event counts, searched by name. */
export const listCampuses = (database: Database, query: AdminPlaceQuery) => listPlaces<AdminCampus>(database, "campus", "p.id, p.name, p.timezone", query);
