import { afterAll, beforeAll, expect, vi } from "vitest";
import { failure } from "./test-fixtures.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

/**
 * The set-up every service test file shares (docs/decisions/0019): `const database = serviceTestDatabase();`
 * at the top of the file registers hooks that open a fresh database with every migration before its tests (an
 * in-memory PGlite, or a throwaway database on SERVICE_TEST_DATABASE_URL's server) and close it after them.
 * The handle is filled in by the beforeAll hook, so it is only usable inside hooks and tests; a file that seeds
 * rows for all its tests does so in its own beforeAll, registered after this call, which vitest runs after this
 * one. (Not named use…: eslint would take it for a React hook.)
 *
 * The app's config gets what it needs to load: a key to seal secrets with, and a real origin (vitest sets
 * BASE_URL to Vite's "/"). `env` stubs more variables for this file's tests (e.g. a fixed grace period); every
 * stub is undone after them.
 */
export function serviceTestDatabase(env: Readonly<Record<string, string>> = {}): TestDatabase {
  const handle = {} as TestDatabase;
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
    vi.stubEnv("BASE_URL", "http://localhost:3000");
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    opened = await openTestDatabase();
    // Its members are closures over the database's own client and connections: copied, they work the same.
    Object.assign(handle, opened);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    vi.unstubAllEnvs();
  });
  return handle;
}

/** What the call threw, having checked that it threw an `errorClass`: `expect(await thrownBy(IdentityError, call)).toMatchObject(…)`. */
export async function thrownBy<E extends Error>(errorClass: abstract new (...args: never[]) => E, promise: Promise<unknown>): Promise<E> {
  const error = await failure<unknown>(promise);
  expect(error).toBeInstanceOf(errorClass);
  return error as E;
}
