import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createScratchDatabase, dropScratchDatabase, startScratchServer } from "../support/scratch-server.ts";

test("GET /api/health answers ok while the database answers", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("GET /api/openapi.json describes the calendar routes in OpenAPI 3.1", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining([
      "/api/calendar/events/upcoming",
      "/api/calendar/events/upcoming.ics",
      "/api/calendar/events/{eventId}",
      "/api/calendar/events/{eventId}/calendar.ics",
    ]),
  );
  const schemas = document.components.schemas;
  for (const name of ["CalendarEvent", "UpcomingFeed", "EventDetail", "CalendarError", "EventLocation"]) expect(schemas).toHaveProperty(name);
  expect(schemas.CalendarEvent.properties.eventType.enum).toEqual([
    "SERVICE", "CONFERENCE", "COURSE", "SPECIAL_EVENT", "PRAYER_CAMPAIGN", "LIFE_GROUP", "CAMP", "WORKSHOP",
  ]);
  expect(schemas.CalendarError.required).toEqual(expect.arrayContaining(["error", "message", "statusCode"]));
  const limit = document.paths["/api/calendar/events/upcoming"].get.parameters.find((p: { name: string }) => p.name === "limit");
  expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 10 });
});

/**
 * The system routes (docs/decisions/0015): liveness, readiness (database and migrations), version. No
 * authentication, never cached, every answer documented in the OpenAPI document (callApi checks it).
 */
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");
const shippedMigrations = () => readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

test("GET /api/v1/system/health answers ok without authentication, never cached", async () => {
  const answer = await callApi("GET", "/api/v1/system/health", null);
  expect([answer.status, answer.body]).toEqual([200, { status: "ok" }]);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  // A token, even a bad one, changes nothing: the route does not look at it.
  const withJunkToken = await callApi("GET", "/api/v1/system/health", "not-a-token");
  expect([withJunkToken.status, withJunkToken.body]).toEqual([200, { status: "ok" }]);
});

test("GET /api/v1/system/ready counts the shipped migrations, all applied on the test database", async () => {
  const [{ applied }] = (await sql<{ applied: number }>(
    `SELECT count(*)::int AS applied FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  )) as [{ applied: number }];
  const answer = await callApi("GET", "/api/v1/system/ready", null);
  expect([answer.status, answer.body]).toEqual([200, { status: "ready", database: "ok", migrations: { shipped: shippedMigrations().length, applied }, setup: "done" }]);
  expect(applied).toBe(shippedMigrations().length);
  expect(answer.headers.get("cache-control")).toBe("no-store");
});

test("GET /api/v1/system/version names the package version, the build's commit and time, and Node", async () => {
  const answer = await callApi("GET", "/api/v1/system/version", null);
  expect(answer.status).toBe(200);
  const packageJson = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { version: string };
  expect(answer.body).toEqual({ version: packageJson.version, commit: expect.stringMatching(/^[0-9a-f]{40}$/), built_at: expect.any(String), node: process.version });
  const builtAt = Date.parse(answer.body.built_at);
  expect(new Date(builtAt).toISOString()).toBe(answer.body.built_at);
  expect(builtAt).toBeLessThan(Date.now());
  // The commit is one of this checkout's (the build ran on it, perhaps a few commits ago).
  expect(execFileSync("git", ["cat-file", "-t", answer.body.commit], { encoding: "utf8" }).trim()).toBe("commit");
});

test("the OpenAPI document lists the system routes under the tag system", async ({ request }) => {
  const document = await (await request.get("/api/openapi.json")).json();
  expect(document.tags).toContainEqual(expect.objectContaining({ name: "system" }));
  for (const route of ["/api/v1/system/health", "/api/v1/system/ready", "/api/v1/system/version"]) {
    expect(document.paths[route].get.tags).toEqual(["system"]);
    expect(document.paths[route].get.security).toBeUndefined();
  }
  expect(Object.keys(document.paths["/api/v1/system/ready"].get.responses)).toEqual(["200", "503"]);
});

test.describe("readiness fails in the identity error shape, on a server and database of its own", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test("a migration missing from the database's history: ready and /api/health answer 503, liveness 200", async () => {
    const database = await createScratchDatabase("ready");
    const removed = shippedMigrations().at(-1)!;
    const scratch = new pg.Client({ connectionString: database });
    await scratch.connect();
    await scratch.query(`DELETE FROM _prisma_migrations WHERE migration_name = $1`, [removed]);
    await scratch.end();
    const server = await startScratchServer({ DATABASE_URL: database });
    try {
      const ready = await fetch(`${server.baseUrl}/api/v1/system/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        error: "service_unavailable",
        error_description: `database migrations are not current: 1 of ${shippedMigrations().length} not applied`,
      });
      expect(ready.headers.get("retry-after")).toBe("5");
      expect(ready.headers.get("cache-control")).toBe("no-store");
      const legacy = await fetch(`${server.baseUrl}/api/health`);
      expect([legacy.status, await legacy.json()]).toEqual([503, { status: "unavailable" }]);
      const live = await fetch(`${server.baseUrl}/api/v1/system/health`);
      expect([live.status, await live.json()]).toEqual([200, { status: "ok" }]);
      // The log says which one, for the operator; the unauthenticated answer only counts.
      expect(server.output()).toContain(`"pending":["${removed}"]`);
    } finally {
      await server.stop();
      await dropScratchDatabase(database);
    }
  });

  test("a database that does not answer: ready 503 within the 2-second bound, liveness 200", async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const server = await startScratchServer({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none" });
    try {
      const started = Date.now();
      const ready = await fetch(`${server.baseUrl}/api/v1/system/ready`);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect([ready.status, await ready.json()]).toEqual([503, { error: "service_unavailable", error_description: "the database does not answer" }]);
      const live = await fetch(`${server.baseUrl}/api/v1/system/health`);
      expect([live.status, await live.json()]).toEqual([200, { status: "ok" }]);
    } finally {
      await server.stop();
    }
  });
});
