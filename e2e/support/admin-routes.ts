import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Every staff route under /api/v1/admin, discovered from disk, with what docs/decisions/0017 says it needs.
 *
 * Why the disk: the admin API is not a table in lib but one Next.js route file per path under
 * app/api/v1/admin (app/api/v1/[...path]/route.ts only answers `not_found` for paths no file serves), so the
 * files are the one list Next itself builds the routes from. A hand-written list in the spec let a new route
 * (or a new method in an existing file) go untested, and a route that forgot `staff: true` pass. Here:
 * - a route file's path is its URL (route groups `(x)` dropped, `[id]` filled with an id that does not exist);
 * - the methods it serves are the HTTP methods it exports, except those it takes from a `…MethodNotAllowed(…)`
 *   helper (the 405 answers), so every served method, however it is written, is put through the guard;
 * - its permission is not read from the file (that would only check the route against itself) but derived
 *   from 0017's table: the area of the collection the path starts with, `read` for GET and `write` otherwise,
 *   with the table's one exception, role assignment (`roles:write`).
 * A path under a collection this file does not know, or a shape it cannot address, throws when the spec loads:
 * the suite fails until the new collection is described here with its area, and so its expected permission.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN_DIR = path.join(ROOT, "app/api/v1/admin");
const ADMIN_PREFIX = "/api/v1/admin";
const ROUTE_FILE = /^route\.(?:ts|tsx|js|jsx|mjs)$/;
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const UNKNOWN_UUID = "00000000-0000-4000-8000-0000000000ff";

type Area = "events" | "users" | "clients" | "membership" | "families" | "audit" | "attendance" | "church" | "people";
interface Collection {
  /** The row of 0017's permission table: `<area>:read` for GET, `<area>:write` for every other method. */
  area: Area;
  /** For a collection whose routes take an id: one that does not exist, and the name its not_found gives. */
  unknown?: { id: string; noun: string };
}

/** docs/decisions/0017 "Permissions and roles", by the collection a path starts with (after /api/v1/admin/). */
const COLLECTIONS: Record<string, Collection> = {
  events: { area: "events", unknown: { id: "evt_doesnotexist", noun: "event" } },
  ministries: { area: "events", unknown: { id: "min_doesnotexist", noun: "ministry" } },
  campuses: { area: "events", unknown: { id: "cmp_doesnotexist", noun: "campus" } },
  users: { area: "users", unknown: { id: UNKNOWN_UUID, noun: "user" } },
  roles: { area: "users" },
  clients: { area: "clients", unknown: { id: "no-such-client", noun: "client" } },
  "membership/records": { area: "membership", unknown: { id: "mbr_doesnotexist", noun: "membership record" } },
  "membership/suggestions": { area: "membership", unknown: { id: UNKNOWN_UUID, noun: "membership suggestion" } },
  families: { area: "families", unknown: { id: UNKNOWN_UUID, noun: "family" } },
  guardianships: { area: "families", unknown: { id: UNKNOWN_UUID, noun: "guardianship" } },
  audit: { area: "audit" },
  // Check-in (docs/decisions/0023): attendance is its own area.
  attendance: { area: "attendance" },
  "check-ins": { area: "attendance", unknown: { id: UNKNOWN_UUID, noun: "check-in" } },
  // Recurring series (docs/decisions/0026) are the events area's.
  series: { area: "events", unknown: { id: "ser_doesnotexist", noun: "series" } },
  // Webhooks (docs/decisions/0027): third parties told of calendar changes, the clients area like the apps.
  webhooks: { area: "clients", unknown: { id: "whep_doesnotexist", noun: "webhook endpoint" } },
  // The whole church's download (issue 39): the church area, whose one permission is an exception below.
  export: { area: "church" },
  // The church's name and look (issue 39): the church area, each route an administrators' exception below.
  settings: { area: "church" },
  // Invitations to make an account (issue 40): the membership register's area.
  invitations: { area: "membership", unknown: { id: UNKNOWN_UUID, noun: "invitation" } },
  // Importing people from a file (issue 40): one permission for every route, an exception below each.
  "people-imports": { area: "people", unknown: { id: UNKNOWN_UUID, noun: "import" } },
  // Importing a calendar (issue 40): the events area, reads too need events:write (exceptions below).
  "calendar-imports": { area: "events", unknown: { id: UNKNOWN_UUID, noun: "import" } },
};

/** 0017: role assignment is its own permission, so that `users:write` cannot raise one's own rights. */
const PERMISSION_EXCEPTIONS: Record<string, string> = {
  "PUT /api/v1/admin/users/[id]/roles": "roles:write",
  // An event's attendance is the attendance area's (docs/decisions/0023), under the event's path.
  "GET /api/v1/admin/events/[id]/attendance": "attendance:read",
  "POST /api/v1/admin/events/[id]/check-ins": "attendance:write",
  // Administrators only (lib/identity/permissions.ts ADMIN_ONLY_PERMISSIONS): the whole church's data in one download.
  "GET /api/v1/admin/export": "church:export",
  "GET /api/v1/admin/settings": "settings:write",
  "PATCH /api/v1/admin/settings": "settings:write",
  "PUT /api/v1/admin/settings/logo": "settings:write",
  "DELETE /api/v1/admin/settings/logo": "settings:write",
  "PUT /api/v1/admin/settings/mail-server": "settings:write",
  "DELETE /api/v1/admin/settings/mail-server": "settings:write",
  "POST /api/v1/admin/settings/mail-server/test": "settings:write",
  "GET /api/v1/admin/people-imports": "people:import",
  "POST /api/v1/admin/people-imports": "people:import",
  "GET /api/v1/admin/people-imports/[id]": "people:import",
  "PATCH /api/v1/admin/people-imports/[id]": "people:import",
  "POST /api/v1/admin/people-imports/[id]/start": "people:import",
  "POST /api/v1/admin/people-imports/[id]/undo": "people:import",
  "GET /api/v1/admin/calendar-imports": "events:write",
  "GET /api/v1/admin/calendar-imports/[id]": "events:write",
};

export interface AdminRoute {
  method: HttpMethod;
  /** The route's path as its folder names it, e.g. /api/v1/admin/events/[id]/publish. */
  template: string;
  /** The path to call, with an id that does not exist. */
  path: string;
  permission: string;
  /** What not_found names for the unknown id, on routes that take one. */
  missing?: string;
}

export interface AdminRouteFile {
  file: string;
  template: string;
  path: string;
  served: HttpMethod[];
  /** The methods the file answers with a 405 from a `…MethodNotAllowed(…)` helper. */
  refused: HttpMethod[];
}

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(directory, entry.name);
      // Next never routes private folders (_x).
      if (entry.isDirectory()) return entry.name.startsWith("_") ? [] : routeFiles(full);
      return ROUTE_FILE.test(entry.name) ? [full] : [];
    })
    .sort();
}

const isMethod = (name: string): name is HttpMethod => (HTTP_METHODS as readonly string[]).includes(name);

/** The HTTP methods a route file exports, split into those it serves and those a 405 helper answers. */
export function exportedMethods(source: string): { served: Set<HttpMethod>; refused: Set<HttpMethod> } {
  const served = new Set<HttpMethod>();
  const refused = new Set<HttpMethod>();
  const add = (set: Set<HttpMethod>, name: string) => {
    if (isMethod(name)) set.add(name);
  };
  for (const match of source.matchAll(/export\s+(?:const|let|var|async\s+function|function)\s+([A-Z]+)\b/g)) add(served, match[1]!);
  for (const match of source.matchAll(/export\s+const\s*\{([^}]*)\}\s*=\s*([^;]*)/g)) {
    const to = /\b\w*MethodNotAllowed\s*\(/.test(match[2]!) ? refused : served;
    for (const name of match[1]!.split(",")) add(to, name.split(":").at(-1)!.trim());
  }
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(",")) add(served, part.split(/\s+as\s+/).at(-1)!.trim());
  }
  for (const method of served) if (refused.has(method)) throw new Error(`${method} is exported twice`);
  return { served, refused };
}

/**
 * The methods of a route file made from endpoint definitions: for each `handle(name, …)`, the `method` of
 * `export const name = defineEndpoint({ … })` in the module the file imports `name` from. Read as text, like the
 * route files themselves, never imported: the specs take no value from lib/ (e2e/api/contract-independence).
 */
export function definedMethods(relative: string, source: string): HttpMethod[] {
  const names = [...source.matchAll(/\bhandle\(\s*(\w+)\s*,/g)].map((match) => match[1]!);
  if (names.length === 0) throw new Error(`${relative}: endpointRoutes without handle(definition, …); teach e2e/support/admin-routes.ts its form`);
  return names.map((name) => {
    const from = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@\/([^"']+)["']/g)].find((match) =>
      match[1]!.split(",").some((part) => part.split(/\s+as\s+/).at(-1)!.trim() === name),
    );
    if (!from) throw new Error(`${relative}: cannot find where ${name} is imported from`);
    const imported = from[1]!.split(",").map((part) => part.trim().split(/\s+as\s+/)).find((pair) => pair.at(-1) === name)![0]!;
    const definitions = readFileSync(path.join(ROOT, `${from[2]}.ts`), "utf8");
    const start = definitions.search(new RegExp(`export const ${imported} = defineEndpoint\\(`));
    const method = start < 0 ? null : /\bmethod:\s*"([A-Z]+)"/.exec(definitions.slice(start))?.[1];
    if (!method || !isMethod(method)) throw new Error(`${relative}: cannot read the method of ${imported} in ${from[2]}.ts`);
    return method;
  });
}

/** Every route file under app/api/v1/admin, with its URL and its methods. */
export function adminRouteFiles(): AdminRouteFile[] {
  return routeFiles(ADMIN_DIR).map((file) => {
    const relative = path.relative(ROOT, file).split(path.sep).join("/");
    const segments = path
      .relative(ADMIN_DIR, path.dirname(file))
      .split(path.sep)
      .filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment));
    const template = [ADMIN_PREFIX, ...segments].join("/");
    const source = readFileSync(file, "utf8");
    // A file made from endpoint definitions (docs/decisions/0032) serves its definitions' methods; 405 for the rest.
    const defined = source.includes("endpointRoutes(") ? definedMethods(relative, source) : undefined;
    const { served, refused } = defined
      ? { served: new Set<HttpMethod>(defined), refused: new Set<HttpMethod>(HTTP_METHODS.filter((method) => !defined.includes(method))) }
      : exportedMethods(source);
    if (served.size === 0) throw new Error(`${relative}: no HTTP method found among its exports; teach e2e/support/admin-routes.ts its form of export`);
    return { file: relative, template, path: concretePath(relative, segments), served: [...served], refused: [...refused] };
  });
}

/** The collection a path starts with: the longest key of COLLECTIONS its segments begin with. */
function collectionOf(relative: string, segments: string[]): { key: string; collection: Collection } {
  const keys = Object.keys(COLLECTIONS).sort((a, b) => b.length - a.length);
  const key = keys.find((candidate) => segments.slice(0, candidate.split("/").length).join("/") === candidate);
  if (!key) {
    throw new Error(
      `${relative}: /api/v1/admin/${segments.join("/")} is in no collection that e2e/support/admin-routes.ts knows; ` +
        "add it to COLLECTIONS with its area of docs/decisions/0017 (and the decision too, if the area is new)",
    );
  }
  return { key, collection: COLLECTIONS[key]! };
}

/**
 * The URL to call: the template with its id, right after its collection, replaced by one that does not exist.
 * A second id further on (a household's child: /families/[id]/children/[childId]) gets UNKNOWN_UUID too: the
 * collection's own id is looked up first, so the answer still names the collection's record.
 */
function concretePath(relative: string, segments: string[]): string {
  const { key, collection } = collectionOf(relative, segments);
  const depth = key.split("/").length;
  const filled = segments.map((segment, index) => {
    if (!segment.includes("[")) return segment;
    if (index > depth && /^\[\w+\]$/.test(segment) && segments[depth] && /^\[\w+\]$/.test(segments[depth]!)) return UNKNOWN_UUID;
    if (index !== depth || !/^\[\w+\]$/.test(segment) || !collection.unknown) {
      throw new Error(`${relative}: e2e/support/admin-routes.ts cannot address the segment ${segment}; describe it there`);
    }
    return collection.unknown.id;
  });
  return [ADMIN_PREFIX, ...filled].join("/");
}

/** Every served method of every admin route file, with the permission 0017 gives it. */
export function adminRoutes(): AdminRoute[] {
  const routes = adminRouteFiles().flatMap(({ file, template, path: callPath, served }) => {
    const segments = template.slice(ADMIN_PREFIX.length + 1).split("/");
    const { collection } = collectionOf(file, segments);
    const takesId = segments.some((segment) => segment.startsWith("["));
    return served.map((method) => ({
      method,
      template,
      path: callPath,
      permission: PERMISSION_EXCEPTIONS[`${method} ${template}`] ?? `${collection.area}:${method === "GET" ? "read" : "write"}`,
      ...(takesId && { missing: collection.unknown!.noun }),
    }));
  });
  for (const key of Object.keys(PERMISSION_EXCEPTIONS)) {
    if (!routes.some((route) => `${route.method} ${route.template}` === key)) throw new Error(`e2e/support/admin-routes.ts: no route ${key} any more; update PERMISSION_EXCEPTIONS`);
  }
  return routes;
}
