import path from "node:path";
import { describe, expect, it } from "vitest";
import { RELAY_ROUTE } from "./relay-upstream.ts";

/**
 * The routes of the two backends-for-frontend (the portal's and the kiosk's relay, and the kiosk page's
 * enrolment and sign-out) answer in the identity error shape whatever happens: each verb they serve is made by
 * relayRoute (one try/catch, a 503 when the database is down, a 500 with a reference), and every other verb is
 * a 405. A route file that handles a verb by hand fails here.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const RELAY_ROUTE_FILES = [
  "app/portal/api/v1/[...path]/route.ts",
  "app/kiosk/api/v1/[...path]/route.ts",
  "app/kiosk/enrol/route.ts",
  "app/kiosk/enrol/poll/route.ts",
  "app/kiosk/sign-out/route.ts",
];
const VERBS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

describe("the relays' route files", () => {
  it.each(RELAY_ROUTE_FILES)("%s serves each verb through relayRoute, or answers 405", async (file) => {
    const routeModule = (await import(path.join(ROOT, file))) as Record<string, unknown>;
    expect(Object.keys(routeModule).sort()).toEqual([...VERBS, "dynamic"].sort());
    for (const verb of VERBS) {
      const handler = routeModule[verb] as ((request: Request) => Promise<Response> | Response) & { [RELAY_ROUTE]?: true };
      if (handler[RELAY_ROUTE]) continue;
      const answer = await handler(new Request("http://localhost/", { method: verb }));
      expect(answer.status, `${file} ${verb}`).toBe(405);
    }
  });

  it("cover both relays' serving verbs", async () => {
    for (const file of RELAY_ROUTE_FILES.slice(0, 2)) {
      const routeModule = (await import(path.join(ROOT, file))) as Record<string, { [RELAY_ROUTE]?: true }>;
      for (const verb of VERBS) expect(routeModule[verb]?.[RELAY_ROUTE], `${file} ${verb}`).toBe(true);
    }
  });
});
