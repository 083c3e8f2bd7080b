import { AsyncLocalStorage } from "node:async_hooks";
import { redactPath } from "./redact-path.ts";

/**
 * Structured logs: one JSON object per line on stdout (info) or stderr (warn, error), with the time, the
 * level, a short message and the request id of the request being served, if any. Hosts (Vercel, systemd's
 * journal, Docker, any log shipper) read JSON lines as they are.
 *
 * What never goes into a line: tokens, codes, passwords, cookies, query strings, request bodies and full
 * contact values. Callers pass only fields they chose; a `path` or `route` field is written without the
 * secret segment of a route that carries one in its URL (redact-path.ts), whoever logs it; errors go through
 * describeError, which keeps the class and message but never a database driver's `detail` (PostgreSQL quotes
 * the offending values there) nor a Prisma message (which can quote a query's arguments).
 *
 * The request id reaches deep code without being passed along: the custom server (server/main.ts) runs each
 * request inside runWithRequestId. The store lives on globalThis because that server and the route handlers
 * Next compiled are separate bundles, each with its own copy of this module.
 */
export type LogLevel = "info" | "warn" | "error";

interface RequestLogContext {
  requestId: string;
}

const STORE_KEY = Symbol.for("church.request-log-context");
type GlobalWithStore = typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<RequestLogContext> };

function store(): AsyncLocalStorage<RequestLogContext> {
  const holder = globalThis as GlobalWithStore;
  holder[STORE_KEY] ??= new AsyncLocalStorage<RequestLogContext>();
  return holder[STORE_KEY];
}

export function runWithRequestId<Result>(requestId: string, run: () => Result): Result {
  return store().run({ requestId }, run);
}

/** The id of the request this code runs for, when the custom server set one. */
export function currentRequestId(): string | undefined {
  return store().getStore()?.requestId;
}

/** The fields that name a request's path, whichever line carries them: the access log's and the error lines'. */
const PATH_FIELDS = ["path", "route"] as const;

export function logLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const requestId = currentRequestId();
  const written = { ...fields };
  for (const name of PATH_FIELDS) {
    const value = written[name];
    if (typeof value === "string") written[name] = redactPath(value);
  }
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...(requestId && { requestId }), ...written });
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

const MAX_MESSAGE = 500;

/** What of an error may be logged: its class, code and message (clipped) and a few stack frames. */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error).slice(0, MAX_MESSAGE) };
  const code = (error as { code?: unknown }).code;
  const codeField = typeof code === "string" || typeof code === "number" ? { code: String(code) } : {};
  // Prisma's messages can quote the failed query's arguments (an outbox body holds a code).
  if (error.name.startsWith("PrismaClient")) return { error: error.name, ...codeField };
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at ")).slice(0, 5).map((line) => line.trim());
  return { error: `${error.name}: ${error.message}`.slice(0, MAX_MESSAGE), ...codeField, ...(frames.length > 0 && { stack: frames }) };
}
