import "server-only";
import type { HeaderReader } from "../kernel/header-reader.ts";
import { currentRequestId, describeError, logLine } from "../log/json-log.ts";
import { acceptRequestId, newRequestId, REQUEST_ID_HEADER } from "./request-id.ts";

/**
 * Logs an error no wrapper expected, as one JSON line with the request's id, and returns that id so the
 * answer can name it without echoing anything of the error itself. The id is the one on the response's
 * X-Request-Id header: the custom server's (lib/log/json-log.ts), or the request's own header elsewhere.
 */
export function logUnexpectedError(route: string, error: unknown, headers?: HeaderReader): string {
  const requestId = currentRequestId() ?? acceptRequestId(headers?.get(REQUEST_ID_HEADER)) ?? newRequestId();
  logLine("error", "unexpected error", { requestId, route, ...describeError(error) });
  return requestId;
}
