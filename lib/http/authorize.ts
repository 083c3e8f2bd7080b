import "server-only";
import { logUnexpectedError } from "./log-unexpected-error.ts";
import { database as openDatabase, type Database } from "../db.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { isUnstorableText } from "../db/unstorable-text.ts";
import { AuthorizePageError } from "../oauth/authorize/authorize-errors.ts";
import { browserBinding, browserBindingCookieName, type BrowserBinding } from "../oauth/authorize/browser-binding.ts";
import { BodyTooLargeError, MAX_FORM_BODY_BYTES, readBodyText } from "./read-body.ts";
import { getSessionByToken, type LiveSession } from "../sessions/get-session.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";

/**
 * The wrapper of the browser-facing OAuth endpoints (authorize, resume, logout): errors that cannot go to
 * a client become our error page, anything unexpected a generic one with a request id. `no-store` always.
 */
type Handler = (request: Request) => Promise<Response>;
type DatabaseHandler = (request: Request, database: Database) => Promise<Response>;

export function errorPageRedirect(code: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: `/oauth/error?error=${encodeURIComponent(code)}`, "Cache-Control": "no-store" },
  });
}

export function browserOAuthRoute(handler: DatabaseHandler): Handler {
  return async (request) => {
    try {
      return await handler(request, await openDatabase());
    } catch (error) {
      if (error instanceof AuthorizePageError) return errorPageRedirect(error.code);
      if (isUnstorableText(error)) return errorPageRedirect("invalid_request");
      if (isDatabaseUnavailable(error)) return errorPageRedirect("temporarily_unavailable");
      logUnexpectedError(new URL(request.url).pathname, error, request.headers);
      return errorPageRedirect("server_error");
    }
  };
}

/**
 * The parameters of a browser OAuth request: the query of a GET, the form of a POST (OIDC Core 3.1.2.1),
 * read no further than 16 KiB.
 */
export async function browserOAuthParams(request: Request): Promise<URLSearchParams> {
  if (request.method !== "POST") return new URL(request.url).searchParams;
  try {
    return new URLSearchParams(await readBodyText(request, MAX_FORM_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new AuthorizePageError("request_too_large");
    throw error;
  }
}

/**
 * A cookie's value, or undefined. A value that is not valid percent-encoding (`session=%ZZ`, planted by a
 * sibling site or a broken client) is no session at all: it used to throw URIError and turn every
 * authorization and logout request of that browser into our server_error page (found by the
 * hostile-input proof).
 */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The live authorization-server session of the browser making this request, or null. */
export function browserSession(database: Database, request: Request): Promise<LiveSession | null> {
  return getSessionByToken(database, readCookie(request, sessionCookieName()));
}

/** The browser's binding for the requests it parks (lib/oauth/authorize/browser-binding.ts). */
export function requestBrowserBinding(request: Request): BrowserBinding {
  return browserBinding(readCookie(request, browserBindingCookieName()));
}
