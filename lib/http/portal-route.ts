import "server-only";
import type { NextRequest } from "next/server";
import { database as openDatabase, type Database } from "../db.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { pageErrorAnswer } from "./errors/page-error-answer.ts";
import { logUnexpectedError } from "./log-unexpected-error.ts";
import { toResponse } from "./plain-response.ts";

/**
 * The wrapper of the portal's browser steps (app/portal/sign-in, refresh, sign-out, federated/link): each
 * answers with a redirect of its own; a failure nobody expected becomes a page, never Next's bare 500. A
 * database that does not answer is a 503 with Retry-After (decision 0016); anything else a 500 whose
 * request id is in the log line.
 */
export function portalRoute(handler: (request: NextRequest, database: Database) => Promise<Response>) {
  return async (request: NextRequest): Promise<Response> => {
    try {
      return await handler(request, await openDatabase());
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        return toResponse(
          pageErrorAnswer(503, "Briefly unavailable", "We could not reach our records just now. Please try again in a moment.", {
            "Retry-After": String(RETRY_AFTER_SECONDS),
          }),
        );
      }
      const requestId = logUnexpectedError(request.nextUrl.pathname, error, request.headers);
      return toResponse(pageErrorAnswer(500, "Something went wrong", `That did not work. Please try again. (Reference ${requestId})`, { "X-Request-Id": requestId }));
    }
  };
}
