/**
 * Where the test servers and database live. `npm test` creates a fresh database, migrates and seeds it
 * (e2e/prepare-database.ts), then Playwright starts the production build three times: on PostgreSQL, on the
 * embedded PGlite default, and on PostgreSQL again at `localhost` for passkeys.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/church_test";
/** A database on the same server to connect to while (re)creating the test database. */
export const ADMIN_DATABASE_URL = process.env.ADMIN_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const POSTGRES_PORT = Number(process.env.TEST_PORT ?? 3100);
export const EMBEDDED_PORT = POSTGRES_PORT + 1;
export const POSTGRES_BASE_URL = `http://127.0.0.1:${POSTGRES_PORT}`;
export const EMBEDDED_BASE_URL = `http://127.0.0.1:${EMBEDDED_PORT}`;
/**
 * A third server on the PostgreSQL test database whose BASE_URL is `localhost`: WebAuthn's relying party id
 * must be a domain, and Chromium refuses passkeys on an IP address ("This is an invalid domain"), so the
 * passkey specs (e2e/passkeys) run there. Its portal is a client of its own, registered with this origin.
 */
export const PASSKEY_PORT = POSTGRES_PORT + 2;
export const PASSKEY_BASE_URL = `http://localhost:${PASSKEY_PORT}`;
export const PASSKEY_PORTAL_CLIENT_ID = "portal-localhost";
export const TEST_APP_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
export const EMBEDDED_DATA_DIR = ".data/test-embedded";
/** Everything the PostgreSQL test server prints (stdout and stderr), so specs can check what its log lines carry. */
export const POSTGRES_SERVER_LOG = `.data/test-server-${POSTGRES_PORT}.log`;
