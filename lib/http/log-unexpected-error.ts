import "server-only";
import { randomUUID } from "node:crypto";

/**
 * Logs an error no wrapper expected, as one JSON line with a fresh request id, and returns that id so the
 * answer can name it without echoing anything of the error itself.
 */
export function logUnexpectedError(route: string, error: unknown): string {
  const requestId = randomUUID();
  console.error(JSON.stringify({ level: "error", requestId, route, error: String(error) }));
  return requestId;
}
