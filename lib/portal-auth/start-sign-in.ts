import "server-only";
import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth from "next-auth/next";
import { env } from "../env.ts";
import { portalAuthOptions } from "./auth-options.ts";
import { PORTAL_PROVIDER_ID } from "./config.ts";
import { PORTAL_SIGN_IN_ERROR_PATH } from "./paths.ts";
import type { CookieEntry } from "./session-cookie.ts";
import { logLine } from "../log/json-log.ts";

/**
 * Starts the portal's sign-in on the server, so a plain link works (no JavaScript, one redirect):
 * next-auth begins an OAuth flow only on a POST carrying its double-submit CSRF token, which a link
 * cannot send. This runs next-auth's own two steps in-process, through its documented
 * `NextAuth(req, res, options)` API-route signature: GET /api/auth/csrf (token and cookie), then POST
 * /api/auth/signin/church with them. next-auth answers with the authorization URL (PKCE challenge,
 * state, nonce) and the cookies that remember the verifier, state and nonce; the browser gets both.
 *
 * A link starting a sign-in is safe to follow cross-site: it only sends the browser to our own issuer,
 * where the member signs in as themselves; the callback is what state/PKCE/nonce protect.
 */

interface CapturedResponse {
  statusCode: number;
  headers: Map<string, string | string[]>;
  body: unknown;
}

/** The subset of Next's API-route response that next-auth's handler uses, capturing what it writes. */
function capturingResponse(): { res: NextApiResponse; captured: CapturedResponse } {
  const captured: CapturedResponse = { statusCode: 200, headers: new Map(), body: undefined };
  const res = {
    status(code: number) {
      captured.statusCode = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      captured.headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader(name: string) {
      return captured.headers.get(name.toLowerCase());
    },
    json(body: unknown) {
      captured.body = body;
      return res;
    },
    send(body: unknown) {
      captured.body = body;
      return res;
    },
    end() {
      return res;
    },
  };
  return { res: res as unknown as NextApiResponse, captured };
}

function setCookieHeaders(captured: CapturedResponse): string[] {
  const value = captured.headers.get("set-cookie");
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** name=value of a Set-Cookie header (values are URI-encoded by next-auth's serializer). */
function cookieOf(header: string): CookieEntry | null {
  const pair = header.split(";", 1)[0] ?? "";
  const equals = pair.indexOf("=");
  if (equals <= 0) return null;
  try {
    return { name: pair.slice(0, equals).trim(), value: decodeURIComponent(pair.slice(equals + 1).trim()) };
  } catch {
    return null;
  }
}

async function runNextAuth(
  action: string[],
  method: "GET" | "POST",
  cookies: Record<string, string>,
  headers: Record<string, string>,
  body?: Record<string, string>,
  authorizationParams: Record<string, string> = {},
): Promise<CapturedResponse> {
  // next-auth adds the query's other members to the authorization request's parameters.
  const req = { query: { ...authorizationParams, nextauth: action }, method, cookies, headers, body };
  const { res, captured } = capturingResponse();
  await NextAuth(req as unknown as NextApiRequest, res, portalAuthOptions());
  return captured;
}

/**
 * The response that starts signing in: 303 to our authorization endpoint with next-auth's cookies, or
 * to the portal's sign-in error page if next-auth refused. `returnTo` is a checked same-site path;
 * `authorizationParams` are added to the authorization request (`max_age`, `login_hint`).
 */
export async function startPortalSignIn(
  request: Request,
  requestCookies: readonly CookieEntry[],
  returnTo: string,
  authorizationParams: Record<string, string> = {},
): Promise<Response> {
  const { BASE_URL } = env();
  const cookies = Object.fromEntries(requestCookies.map((cookie) => [cookie.name, cookie.value]));
  const headers = Object.fromEntries(request.headers);
  const setCookies: string[] = [];

  const csrf = await runNextAuth(["csrf"], "GET", cookies, headers);
  for (const header of setCookieHeaders(csrf)) {
    setCookies.push(header);
    const cookie = cookieOf(header);
    if (cookie) cookies[cookie.name] = cookie.value;
  }
  const csrfToken = (csrf.body as { csrfToken?: unknown } | undefined)?.csrfToken;

  const signIn =
    typeof csrfToken === "string"
      ? await runNextAuth(["signin", PORTAL_PROVIDER_ID], "POST", cookies, headers, { csrfToken, callbackUrl: `${BASE_URL}${returnTo}` }, authorizationParams)
      : null;
  const location = signIn?.headers.get("location");
  const startsAuthorization = typeof location === "string" && location.startsWith(`${BASE_URL}/oauth/authorize?`);
  if (signIn) setCookies.push(...setCookieHeaders(signIn));
  if (!startsAuthorization) {
    logLine("error", "portal_sign_in_not_started", { status: signIn?.statusCode ?? csrf.statusCode, location: location ?? null });
  }

  const response = new Response(null, {
    status: 303,
    headers: {
      Location: startsAuthorization ? location : `${BASE_URL}${PORTAL_SIGN_IN_ERROR_PATH}?error=OAuthSignin`,
      "Cache-Control": "no-store",
    },
  });
  // One Set-Cookie per name, the last one written (both steps set next-auth's callback-URL cookie).
  const lastByName = new Map<string, string>();
  for (const header of setCookies) lastByName.set(cookieOf(header)?.name ?? header, header);
  for (const header of lastByName.values()) response.headers.append("Set-Cookie", header);
  return response;
}
