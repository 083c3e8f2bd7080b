/**
 * Hostile input (issue 7, Proof): fast-check generates requests for each surface, they are sent
 * concurrently to a running production server, and every answer is judged:
 *   - never a 5xx, never a dropped connection, never a redirect where the surface does not redirect;
 *   - a refusal in its surface's exact shape: identity `{ error, error_description }` with a known code and
 *     that code's status; OAuth endpoints RFC 6749/7009/7662's `{ error, error_description? }`; the browser
 *     endpoints (authorize, resume, logout) a redirect to our error page or to the client, or an HTML page;
 *     the account forms `{ error, error_description }` (JSON mode) or a 303 back to a page of ours;
 *     calendar `CalendarError { error: true, message, statusCode, details? }`;
 *   - no stack trace, SQL or internal name in any answer;
 *   - nothing changes in the database on a refused request: every table is snapshot (row count and a
 *     checksum over every row) before and after each batch, and only what db-state.ts MAY_CHANGE_ON_REFUSAL
 *     names (attempt counters, the failure entries of the security log, a code's attempt count) may differ,
 *     plus what a request the server accepted in that batch is documented to write (ACCEPTED_WRITES).
 * Requests are generated from a fixed seed (printed; `--seed` replays a run) with fast-check's `fc.sample`,
 * then sent in batches with bounded concurrency so a run of 40,000 requests takes a few minutes.
 */
import fc from "fast-check";
import { DEMO_APP } from "../../e2e/support/oauth-browser.ts";
import {
  authorizeEndpoint,
  deviceAuthorizationEndpoint,
  discoveryEndpoint,
  endSessionEndpoint,
  introspectionEndpoint,
  jwksEndpoint,
  pushedAuthorizationEndpoint,
  resumeAuthorizationEndpoint,
  revocationEndpoint,
  tokenEndpoint,
  userinfoEndpoint,
  OAUTH_ENDPOINTS,
  type OAuthEndpoint,
} from "../../lib/oauth/oauth-endpoints.ts";
import { AREA_SCOPES } from "../../lib/oauth/scopes.ts";
import { operationKey, type Endpoint } from "../../lib/openapi/endpoint.ts";
import { CALENDAR_ENDPOINTS, ENDPOINTS } from "../../lib/openapi/endpoints.ts";
import { needsOf } from "../../lib/openapi/route-scopes.ts";
import { Database, diffSnapshots, MAY_CHANGE_ON_REFUSAL, REFUSAL_EVENT_TYPES } from "./support/db-state.ts";
import { agentFor, jsonOf, pool, send, sendOnFreshConnection, type RawAnswer, type RawRequest } from "./support/http.ts";
import type { Tally } from "./support/report.ts";
import { PROOFS_CRON_SECRET } from "./support/config.ts";
import { identityFixtures, type IdentityFixtures } from "./support/fixtures.ts";
import { basicAuth, signInForTokens } from "./support/tokens.ts";

// ─────────────────────────────── the surfaces' exact shapes ───────────────────────────────
// Written out from the contract (decisions.md, RFC 6749), not imported from lib/: the oracle must not move
// when the code under test does, so a code added there by mistake shows here as a violation.

const IDENTITY_ERROR_STATUS: Record<string, number> = {
  invalid_request: 400,
  invalid_token: 401,
  insufficient_user_authentication: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  server_error: 500,
  service_unavailable: 503,
  method_not_allowed: 405,
};
const ACCOUNT_ERROR_STATUS: Record<string, number> = {
  invalid_request: 400,
  invalid_credentials: 401,
  invalid_second_factor: 401,
  sign_in_expired: 401,
  session_required: 401,
  invalid_code: 400,
  code_expired: 400,
  verification_expired: 400,
  request_expired: 400,
  forbidden: 403,
  too_many_requests: 429,
  server_error: 500,
  service_unavailable: 503,
  method_not_allowed: 405,
  // Passkeys (docs/decisions/0021).
  passkey_expired: 400,
  passkey_failed: 401,
  passkey_unknown: 401,
  passkey_cloned: 401,
};
const OAUTH_ERROR_STATUS: Record<string, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  unsupported_token_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  invalid_token: 401,
  insufficient_scope: 403,
  login_required: 400,
  consent_required: 400,
  interaction_required: 400,
  request_not_supported: 400,
  request_uri_not_supported: 400,
  registration_not_supported: 400,
  temporarily_unavailable: 503,
  // RFC 8628 3.5 (device polls) and RFC 9449 (DPoP): 400 at the token endpoint.
  authorization_pending: 400,
  slow_down: 400,
  expired_token: 400,
  invalid_dpop_proof: 400,
  use_dpop_nonce: 400,
};

/** Words that must never reach a client: stack frames, SQL, ORM and driver names, file paths. */
const LEAKS = /\bat [\w.<>]+ \(|\.tsx?:\d+|node_modules|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|prisma|PrismaClient|ECONNREFUSED|\bpg_|TypeError|ReferenceError|SyntaxError: /i;

export type Surface = "identity" | "oauth" | "forms" | "calendar" | "pages";

export interface Generated {
  surface: Surface;
  /** The route template, for the report and ACCEPTED_WRITES. */
  route: string;
  request: RawRequest;
  /**
   * Sent with a valid credential to a route whose success ACCEPTED_WRITES foresees: such requests go in
   * batches of their own, so that every other batch is compared table by table with no exemption.
   */
  mayWrite?: boolean;
  /** Sent with a third-party app's valid token holding these scopes (docs/decisions/0018). */
  thirdPartyScopes?: readonly string[];
}

type Verdict = { ok: true; accepted: boolean } | { ok: false; why: string };

function header(answer: RawAnswer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

function isJson(answer: RawAnswer): boolean {
  return /^application\/json\b/i.test(header(answer, "content-type"));
}

function exactKeys(value: unknown, required: string[], optional: string[] = []): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "body is not a JSON object";
  const keys = Object.keys(value);
  for (const key of required) if (!keys.includes(key)) return `missing ${key}`;
  for (const key of keys) if (!required.includes(key) && !optional.includes(key)) return `unexpected key ${key}`;
  return null;
}

function identityShape(answer: RawAnswer, table: Record<string, number>): string | null {
  if (!isJson(answer)) return `content-type ${header(answer, "content-type") || "(none)"}`;
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  const keys = exactKeys(body, ["error", "error_description"]);
  if (keys) return keys;
  if (typeof body!.error !== "string" || typeof body!.error_description !== "string") return "error or error_description not a string";
  const status = table[body!.error];
  if (status === undefined) return `unknown error code ${body!.error}`;
  if (status !== answer.status) return `${body!.error} with status ${answer.status} (expected ${status})`;
  return null;
}

function calendarShape(answer: RawAnswer): string | null {
  if (!isJson(answer)) return `content-type ${header(answer, "content-type") || "(none)"}`;
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  const keys = exactKeys(body, ["error", "message", "statusCode"], ["details"]);
  if (keys) return keys;
  if (body!.error !== true) return "error is not true";
  if (typeof body!.message !== "string" || body!.message === "") return "message is not a string";
  if (body!.statusCode !== answer.status) return `statusCode ${String(body!.statusCode)} with status ${answer.status}`;
  if (body!.details !== undefined && !(Array.isArray(body!.details) && body!.details.every((item) => typeof item === "string"))) return "details is not an array of strings";
  return null;
}

function oauthShape(answer: RawAnswer): string | null {
  if (!isJson(answer)) return `content-type ${header(answer, "content-type") || "(none)"}`;
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  const keys = exactKeys(body, ["error"], ["error_description", "error_uri"]);
  if (keys) return keys;
  const status = typeof body!.error === "string" ? OAUTH_ERROR_STATUS[body!.error] : undefined;
  if (status === undefined) return `unknown error code ${String(body!.error)}`;
  // RFC 6749 has no code for a wrong method: 405 carries invalid_request, with Allow.
  if (answer.status === 405 && body!.error === "invalid_request" && header(answer, "allow")) return null;
  // A resource refuses a bad DPoP proof as 401 with a DPoP challenge (RFC 9449 7.1); the token endpoint as 400.
  if (answer.status === 401 && body!.error === "invalid_dpop_proof" && header(answer, "www-authenticate").startsWith("DPoP ")) return null;
  // An attempt limit (the device endpoint's per address) is 429 slow_down with Retry-After (RFC 6585); a
  // device polling too soon is RFC 8628's 400 slow_down.
  if (answer.status === 429 && body!.error === "slow_down" && /^[1-9]\d*$/.test(header(answer, "retry-after"))) return null;
  if (status !== answer.status) return `${String(body!.error)} with status ${answer.status} (expected ${status})`;
  if (body!.error_description !== undefined && typeof body!.error_description !== "string") return "error_description not a string";
  return null;
}

/** A Location the browser endpoints may send to: a page of ours, or a registered redirect URI of the demo client. */
function allowedRedirect(location: string, baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(location, baseUrl);
  } catch {
    return `Location ${location.slice(0, 80)} does not parse`;
  }
  if (url.origin === new URL(baseUrl).origin) return null;
  if ((DEMO_APP.redirectUri as string).startsWith(url.origin) || (DEMO_APP.otherRedirectUri as string).startsWith(url.origin) || (DEMO_APP.postLogoutRedirectUri as string).startsWith(url.origin)) {
    if (url.searchParams.has("error") || url.searchParams.has("code") || url.pathname === "/") return null;
  }
  return `redirect to ${url.origin}${url.pathname}`;
}

function leaks(answer: RawAnswer): string | null {
  const text = answer.body.toString("utf8");
  // HTML pages carry Next's own script bundles; judge only what our code writes into JSON.
  if (!isJson(answer)) return null;
  const match = LEAKS.exec(text);
  return match ? `answer leaks "${match[0]}"` : null;
}

/**
 * 308 from Next's path normalisation: a trailing slash dropped, `\\` turned into `/`, `.` and `..` segments
 * resolved, as a browser's URL parser would. Only to that same path, nothing else.
 */
function normalisationRedirect(request: RawRequest, answer: RawAnswer): boolean {
  if (answer.status !== 308) return false;
  const path = request.path.split("?")[0] ?? "";
  const location = header(answer, "location").split("?")[0] ?? "";
  const normalised = effectivePath(path);
  return location !== path && [normalised, `${normalised}/`].some((candidate) => safeDecode(candidate) === safeDecode(location));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The path the server routes: `\\` as `/`, repeated slashes collapsed, `.`/`..` (also %2e) resolved, no trailing slash. */
export function effectivePath(path: string): string {
  const slashes = path.replace(/\\/g, "/").replace(/%2e/gi, ".").replace(/\/{2,}/g, "/");
  const resolved = removeDotSegments(slashes);
  return resolved.length > 1 ? resolved.replace(/\/+$/, "") : resolved;
}

/**
 * RFC 3986 5.2.4 on an absolute path, by hand: Node 20's URL parser leaves `..` unresolved after a segment
 * that starts with a dot (`/a/.z/..` stays as it is), where Next's router resolves it.
 */
function removeDotSegments(path: string): string {
  const kept: string[] = [];
  const segments = path.split("/").slice(1);
  for (const segment of segments) {
    if (segment === "..") kept.pop();
    else if (segment !== ".") kept.push(segment);
  }
  // A path ending in `.` or `..` names a directory: it keeps its trailing slash.
  const last = segments.at(-1);
  return `/${kept.join("/")}${(last === "." || last === "..") && kept.length > 0 ? "/" : ""}`;
}

/** Which surface's rules apply to the path the server actually routes (`/api/calendar/../v1` is identity's). */
function surfaceOfPath(path: string): Surface | "page" {
  if (/^\/api\/calendar(\/|$)/.test(path)) return "calendar";
  if (/^\/api(\/|$)/.test(path)) return "identity";
  // A self-service route under /oauth (interface.md 4.2): the identity error shape, like /api/v1.
  if (path === "/oauth/federated/link/finalize") return "identity";
  if (path === "/oauth/error") return "page";
  if (/^\/(oauth|\.well-known)(\/|$)/.test(path)) return "oauth";
  if (/^\/auth(\/|$)/.test(path)) return "forms";
  return "page";
}

export function judge(generated: Generated, answer: RawAnswer, baseUrl: string): Verdict {
  const { request } = generated;
  const routed = surfaceOfPath(effectivePath(request.path.split("?")[0] ?? ""));
  if (answer.transportError) return { ok: false, why: `no answer: ${answer.transportError}` };
  if (answer.status >= 500) return { ok: false, why: `status ${answer.status}` };
  if (answer.status < 200) return { ok: false, why: `status ${answer.status}` };
  const leak = leaks(answer);
  if (leak) return { ok: false, why: leak };
  const head = request.method === "HEAD";
  if (normalisationRedirect(request, answer)) return { ok: true, accepted: false };
  const path = effectivePath(request.path.split("?")[0] ?? "");
  // A path that resolves to a page (`/api/../calendar`) is a browser's: any answer but a 5xx.
  if (routed === "page") return { ok: true, accepted: false };
  const surface = routed;

  if (generated.surface === "pages") {
    // The sign-in flow's pages read their query (error, field, retry_after, request, return_to): any answer
    // but a 5xx, and a 2xx/4xx page is HTML.
    if (answer.status >= 400 && !head && answer.body.length > 0 && !/^(text\/html|application\/json)\b/i.test(header(answer, "content-type"))) {
      return { ok: false, why: `${answer.status} with content-type ${header(answer, "content-type")}` };
    }
    return { ok: true, accepted: false };
  }

  if (surface === "identity") {
    if (answer.status >= 300 && answer.status < 400) return { ok: false, why: `redirect ${answer.status} to ${header(answer, "location")}` };
    // Least privilege: a third-party app's token succeeds only where its scopes reach (the route's own scope,
    // by the path the server routes, not the template the request was made from).
    if (generated.thirdPartyScopes && answer.status < 300) {
      const needed = scopeOfRoute(request.method, path);
      if (needed !== null && !generated.thirdPartyScopes.includes(needed)) return { ok: false, why: `a third-party token's ${answer.status} on a route that needs ${needed}` };
    }
    if (answer.status >= 400) {
      if (head) return { ok: true, accepted: false };
      const shape = identityShape(answer, IDENTITY_ERROR_STATUS);
      if (shape) return { ok: false, why: `identity shape: ${shape}` };
      if (!/no-store/.test(header(answer, "cache-control"))) return { ok: false, why: "identity error without Cache-Control: no-store" };
      return { ok: true, accepted: false };
    }
    // The identity surface answers JSON, but for the one file it serves: the audit log's CSV export (decision 0020).
    const file = (path === "/api/v1/admin/audit/export" || path === "/api/v1/admin/attendance/export") && /^text\/csv; charset=utf-8$/i.test(header(answer, "content-type"));
    // And the whole church's zip (lib/church-export).
    const zip = path === "/api/v1/admin/export" && /^application\/zip$/i.test(header(answer, "content-type"));
    if (!head && answer.body.length > 0 && !isJson(answer) && !file && !zip) return { ok: false, why: `2xx with content-type ${header(answer, "content-type")}` };
    // A scheduled job runs on GET (and HEAD, which Next answers with GET's handler): its 2xx is a job carried out.
    if (/^\/api\/cron\//.test(path) && request.method !== "OPTIONS") return { ok: true, accepted: true };
    // Downloading the whole church records itself in the staff audit log (lib/church-export): a read carried out that writes.
    if (path === "/api/v1/admin/export" && (request.method === "GET" || request.method === "HEAD")) return { ok: true, accepted: true };
    return { ok: true, accepted: request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS" };
  }

  if (surface === "calendar") {
    if (answer.status === 304) return { ok: true, accepted: false };
    if (answer.status >= 300 && answer.status < 400) return { ok: false, why: `redirect ${answer.status} to ${header(answer, "location")}` };
    if (answer.status >= 400) {
      if (head) return { ok: true, accepted: false };
      const shape = calendarShape(answer);
      return shape ? { ok: false, why: `CalendarError shape: ${shape}` } : { ok: true, accepted: false };
    }
    if (!head && answer.status === 200 && !/^(application\/json|text\/calendar)\b/i.test(header(answer, "content-type"))) {
      return { ok: false, why: `200 with content-type ${header(answer, "content-type")}` };
    }
    return { ok: true, accepted: false };
  }

  if (surface === "oauth") {
    // The JSON endpoints answer RFC 6749's shape (their definitions say so); everything else under /oauth is a
    // browser's (redirects and pages), and an unknown /.well-known address the identity API's 404.
    const json = OAUTH_ENDPOINTS.find((endpoint) => endpoint.path === path)?.answers === "json";
    if (!json) {
      if (answer.status >= 300 && answer.status < 400) {
        const location = header(answer, "location");
        if (!location) return { ok: false, why: `${answer.status} without Location` };
        const bad = allowedRedirect(location, baseUrl);
        if (bad) return { ok: false, why: bad };
        // A parked authorization request (on to sign-in or consent) is the endpoint accepting the request.
        const target = new URL(location, baseUrl);
        const parked = target.origin === new URL(baseUrl).origin && target.searchParams.has("request");
        return { ok: true, accepted: parked };
      }
      if (answer.status >= 400 && !head && answer.body.length > 0) {
        const type = header(answer, "content-type");
        if (path.startsWith("/.well-known/") || path.startsWith("/oauth/")) {
          if (!/^(text\/html|application\/json)\b/i.test(type)) return { ok: false, why: `${answer.status} with content-type ${type}` };
          if (/^application\/json/i.test(type)) {
            const shape = oauthShape(answer);
            const identity = identityShape(answer, IDENTITY_ERROR_STATUS);
            if (shape && identity) return { ok: false, why: `OAuth shape: ${shape}` };
          }
        }
      }
      return { ok: true, accepted: false };
    }
    if (answer.status >= 300 && answer.status < 400) return { ok: false, why: `redirect ${answer.status} from a JSON endpoint` };
    if (answer.status >= 400) {
      if (head) return { ok: true, accepted: false };
      // RFC 6750 3: a request without any token may get 401 with only WWW-Authenticate and no body.
      if (answer.status === 401 && answer.body.length === 0 && /^Bearer/i.test(header(answer, "www-authenticate"))) return { ok: true, accepted: false };
      const shape = oauthShape(answer);
      if (shape) return { ok: false, why: `OAuth shape: ${shape}` };
      if (!/no-store/.test(header(answer, "cache-control"))) return { ok: false, why: "OAuth error without Cache-Control: no-store" };
      return { ok: true, accepted: false };
    }
    if (!head && answer.body.length > 0 && !isJson(answer)) return { ok: false, why: `2xx with content-type ${header(answer, "content-type")}` };
    // A pushed authorization request (RFC 9126) is stored: the one JSON endpoint whose success writes.
    return { ok: true, accepted: path === pushedAuthorizationEndpoint.path };
  }

  // forms
  if (answer.status === 303) {
    const location = header(answer, "location");
    const bad = allowedRedirect(location, baseUrl);
    if (bad) return { ok: false, why: bad };
    const target = new URL(location, baseUrl);
    if (target.origin !== new URL(baseUrl).origin) return { ok: false, why: `form redirected off-site to ${target.origin}` };
    return { ok: true, accepted: request.method === "POST" && !target.searchParams.has("error") };
  }
  if (answer.status >= 300 && answer.status < 400) return { ok: false, why: `redirect ${answer.status}` };
  if (answer.status >= 400) {
    if (head) return { ok: true, accepted: false };
    const shape = identityShape(answer, ACCOUNT_ERROR_STATUS);
    return shape ? { ok: false, why: `form error shape: ${shape}` } : { ok: true, accepted: false };
  }
  if (request.method === "POST" && answer.status === 200) {
    const body = jsonOf(answer) as Record<string, unknown> | undefined;
    // The page's fetch of a passkey challenge gets the ceremony's options, not a place to go.
    if (path === "/auth/passkey/options") {
      const options = body?.options as Record<string, unknown> | undefined;
      if (exactKeys(body, ["options"]) || typeof options?.challenge !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(options.challenge)) {
        return { ok: false, why: `200 that is not { options: { challenge, … } }: ${answer.body.toString("utf8").slice(0, 120)}` };
      }
      return { ok: true, accepted: true };
    }
    if (exactKeys(body, ["redirect_to"]) || typeof body?.redirect_to !== "string" || !body.redirect_to.startsWith("/")) {
      return { ok: false, why: `200 that is not { redirect_to: "/…" }: ${answer.body.toString("utf8").slice(0, 120)}` };
    }
    return { ok: true, accepted: true };
  }
  return { ok: true, accepted: false };
}

/** What an accepted request of each route may write (so the batch's snapshot may differ there). */
const ACCEPTED_WRITES: Record<string, string[]> = {
  "/auth/register": ["account", "user_role", "verification_code", "outbox_message", "security_event"],
  // An existing address (a mutated email can hit a seeded one) also gets its password_reset_requested entry.
  "/auth/forgot-password": ["verification_code", "outbox_message", "security_event"],
  "/auth/resend-verification": ["verification_code", "outbox_message"],
  // "Email me a code" (docs/decisions/0021): a code for any address; a seeded one also gets the email and
  // its sign_in_code_sent entry. The resend needs the browser's sealed cookie, which the fuzz never holds.
  "/auth/email-code": ["verification_code", "outbox_message", "security_event"],
  "/auth/email-code/resend": ["verification_code", "outbox_message", "security_event"],
  // A passkey challenge for the sign-in page (docs/decisions/0021), bound to the sealed cookie the answer sets.
  "/auth/passkey/options": ["webauthn_challenge"],
  // Without a session cookie, signing out has nothing to end: it only redirects.
  "/auth/sign-out": [],
  // Without a session cookie, choosing a language only sets this browser's cookie.
  "/auth/locale": [],
  [authorizeEndpoint.path]: ["authorization_request"],
  [pushedAuthorizationEndpoint.path]: ["pushed_authorization_request"],
  "POST /api/v1/consents/me": ["consent", "security_event"],
  "POST /api/v1/users/me/phone": ["verification_code", "outbox_message"],
  // A code to a new sign-in address (or, for one already in use, a note); a wrong code for it is
  // answered 200 `{ verified: false }` and writes only what any refusal may, as the phone's.
  "POST /api/v1/users/me/email": ["verification_code", "outbox_message"],
  "POST /api/v1/users/me/email/verify": [],
  // A new name for the run's member, logged (name_changed).
  "PATCH /api/v1/users/me": ["account", "security_event"],
  // A wrong texted code is answered 200 `{ verified: false }` (interface.md 2.3): it writes only what any
  // refusal may (the code's attempt count). The right code is never known to the fuzz.
  "POST /api/v1/users/me/phone/verify": [],
  "POST /api/v1/users/me/recovery-contacts": ["recovery_contact", "verification_code", "outbox_message", "security_event"],
  // A deletion request also writes its security notice to the outbox (docs/decisions/0018).
  "POST /api/v1/privacy/data-requests/me": ["data_request", "security_event", "outbox_message"],
  // Joining asks the household's adults and its young members about guardianship (docs/decisions/0013).
  "POST /api/v1/families/join": ["family", "family_member", "security_event", "user_role", "guardianship_request"],
  // A search of the register writes nothing but its rate limit's counter; a code to the register record's
  // contact (the attempt counters are the limit's); a request to staff.
  "POST /api/v1/users/me/membership/ranked-search": [],
  "POST /api/v1/users/me/membership/challenge": ["verification_code", "outbox_message"],
  "POST /api/v1/users/me/membership/suggest": ["membership_link_request", "security_event"],
  // Scheduled jobs, with the cron secret: the expired rows cleanup-expired deletes (lib/system/cleanup-expired.ts).
  // Nobody's deletion is due and no dependant comes of age in the proofs database: those two change nothing.
  "/api/cron/cleanup-expired": [
    "verification_code",
    "authorization_request",
    "pushed_authorization_request",
    "authorization_code",
    "revoked_access_token",
    "refresh_token",
    "session",
    "outbox_message",
    "webhook_delivery",
    "webhook_previous_secret",
    "federated_login_attempt",
    "federated_link_code",
    "known_device",
  ],
  "/api/cron/privacy-deletions": [],
  // No import has stopped part of the way in the proofs database.
  "/api/cron/people-imports": [],
  // No calendar in the proofs database is kept in sync with an address.
  "/api/cron/calendar-imports": [],
  "/api/cron/guardianships-majority": [],
  // The whole church's download (lib/church-export), GET or HEAD: its staff audit entry, written before the zip is sent.
  "/api/v1/admin/export": ["staff_audit_entry"],
  // The staff API (docs/decisions/0017), with the administrator's token, on records of the run's own
  // (support/fixtures.ts): every event, ministry and campus write also bumps the calendar's version (trigger).
  // Each event change is also a message to the run's webhook endpoint (docs/decisions/0027), in the outbox;
  // a cancellation also writes its notices to those signed up.
  "POST /api/v1/admin/events": ["event", "calendar_version", "webhook_delivery", "outbox_message"],
  "PATCH /api/v1/admin/events/{id}": ["event", "calendar_version", "webhook_delivery", "outbox_message"],
  "POST /api/v1/admin/events/{id}/publish": ["event", "calendar_version", "webhook_delivery", "outbox_message"],
  "POST /api/v1/admin/events/{id}/cancel": ["event", "calendar_version", "webhook_delivery", "outbox_message"],
  "POST /api/v1/admin/events/{id}/postpone": ["event", "calendar_version", "webhook_delivery", "outbox_message"],
  "POST /api/v1/admin/ministries": ["ministry", "calendar_version"],
  "POST /api/v1/admin/campuses": ["campus", "calendar_version"],
  "PATCH /api/v1/admin/ministries/{id}": ["ministry", "calendar_version"],
  "PATCH /api/v1/admin/campuses/{id}": ["campus", "calendar_version"],
  "POST /api/v1/admin/clients": ["client"],
  "PATCH /api/v1/admin/clients/{id}": ["client"],
  "POST /api/v1/admin/clients/{id}/rotate-secret": ["client"],
  "POST /api/v1/admin/clients/{id}/disable": ["client", "oauth_grant"],
  // The child (no sign-in of their own); the admin's own account is refused.
  "POST /api/v1/admin/users/{id}/disable": ["account", "session", "oauth_grant", "security_event"],
  "POST /api/v1/admin/users/{id}/enable": ["account", "security_event"],
  "PUT /api/v1/admin/users/{id}/roles": ["user_role", "security_event"],
  // The child (no sign-in, so nothing to end); the admin's own sessions are refused (conflict).
  "POST /api/v1/admin/users/{id}/sessions/end": ["session", "oauth_grant", "security_event", "outbox_message"],
  // Staff as the child's guardian: recorded, ended, recorded again. The guardian's own guardianships are never named.
  "POST /api/v1/admin/guardianships": ["guardianship", "user_role", "security_event"],
  "POST /api/v1/admin/guardianships/{id}/end": ["guardianship", "user_role", "security_event"],
  // Households (docs/decisions/0013): a new, empty one; the run's own renamed (it has no members, so no log entry).
  "POST /api/v1/admin/families": ["family"],
  "PATCH /api/v1/admin/families/{id}": ["family", "security_event"],
  // The teenager's request (the member's are never named): linked or rejected once, then a conflict.
  "POST /api/v1/admin/membership/suggestions/{id}/approve": ["membership_record", "membership_link_request", "security_event"],
  "POST /api/v1/admin/membership/suggestions/{id}/reject": ["membership_link_request", "security_event"],
  // The run's own register record, linked to the staff account (support/fixtures.ts): edited, unlinked once, then unchanged.
  "PATCH /api/v1/admin/membership/records/{id}": ["membership_record", "security_event"],
  "POST /api/v1/admin/membership/records/{id}/unlink": ["membership_record", "security_event"],
  // Check-in (docs/decisions/0023). The member's own: an event id the run has no open event for, but a
  // check-in and its log entry are what a success writes. The kiosk routes run with a tablet's token (and
  // refuse the member's portal token, which lacks `check-in:kiosk`). Wrong codes count in attempt_counter.
  "POST /api/v1/users/me/check-ins": ["check_in", "security_event"],
  // The member's household card: issuing revokes the live one and writes the new; revoking one there is.
  "POST /api/v1/users/me/check-in-card": ["check_in_card", "security_event"],
  "DELETE /api/v1/users/me/check-in-card": ["check_in_card", "security_event"],
  // A phone search issues a code (and texts it when the number is a household's); a wrong scan or code is a
  // kiosk alert; a check-in writes its pickup tag; a pickup by a member's code spends it.
  "POST /api/v1/kiosk/phone-checks": ["verification_code", "outbox_message"],
  "POST /api/v1/kiosk/households": ["verification_code", "kiosk_alert"],
  "POST /api/v1/kiosk/check-ins": ["check_in", "security_event", "pickup_tag", "kiosk_alert"],
  "POST /api/v1/kiosk/pickups": ["kiosk_alert", "check_in_card"],
  "POST /api/v1/kiosk/check-outs": ["check_in", "security_event", "spent_member_code", "kiosk_alert", "check_in_card"],
  // Staff, on the run's own event (not open for check-in: refused) and check-in ids nobody has.
  "POST /api/v1/admin/events/{id}/check-ins": ["check_in", "security_event"],
  "POST /api/v1/admin/check-ins/{id}/check-out": ["check_in", "security_event"],
  "POST /api/v1/admin/check-ins/{id}/undo": ["check_in"],
  // Sign-up (docs/decisions/0024): the run's own events; a cancellation or a wider sign-up gives places to
  // the waitlist and writes their emails.
  "POST /api/v1/users/me/events/{id}/registration": ["event_registration"],
  "DELETE /api/v1/users/me/registrations/{id}": ["event_registration", "outbox_message"],
  "PUT /api/v1/admin/events/{id}/registration": ["event", "calendar_version", "event_registration", "outbox_message", "webhook_delivery"],
  // My schedule (docs/decisions/0025): making a feed revokes the live one and writes the new; revoking one there is.
  "POST /api/v1/users/me/schedule-feed": ["calendar_feed_token", "security_event"],
  "DELETE /api/v1/users/me/schedule-feed": ["calendar_feed_token", "security_event"],
  // Showing the live feed's address again writes the showing to the member's security log.
  "POST /api/v1/users/me/schedule-feed/address": ["security_event"],
  // Recurring series (docs/decisions/0026): the run's own series; edit all moves, adds, deletes drafts or cancels its
  // occurrences; each change is told to the run's webhook endpoint, a cancelled date to everyone signed up.
  "POST /api/v1/admin/series": ["event_series", "event", "calendar_version", "webhook_delivery", "outbox_message"],
  "PATCH /api/v1/admin/series/{id}": ["event_series", "event", "calendar_version", "webhook_delivery", "outbox_message"],
  "POST /api/v1/admin/series/{id}/publish": ["event", "calendar_version", "webhook_delivery", "outbox_message"],
  // The church's settings (issue 39): a save raises the one row's version; a logo is stored by its hash, the old one removed.
  "PATCH /api/v1/admin/settings": ["church_settings"],
  "PUT /api/v1/admin/settings/logo": ["church_settings", "church_logo"],
  "DELETE /api/v1/admin/settings/logo": ["church_settings", "church_logo"],
  // A people import (issue 40): an upload is previewed into its own row; its columns chosen again; started, it
  // writes the register's records and what it did to them in the background; undone, it removes them.
  "POST /api/v1/admin/people-imports": ["people_import", "people_import_file_part"],
  "PATCH /api/v1/admin/people-imports/{id}": ["people_import"],
  "POST /api/v1/admin/people-imports/{id}/start": ["people_import", "membership_record", "people_import_change", "people_import_file_part"],
  "POST /api/v1/admin/people-imports/{id}/undo": ["people_import", "membership_record"],
  // A calendar import (issue 40): read and previewed into its own row; imported, its events (and series) made or
  // updated, told to the run's webhook endpoint, and those gone from the source cancelled with notices; a sync
  // (only an address's) records a source that cannot be read on its row.
  "POST /api/v1/admin/calendar-imports": ["calendar_import"],
  "PATCH /api/v1/admin/calendar-imports/{id}": ["calendar_import"],
  "POST /api/v1/admin/calendar-imports/{id}/start": ["calendar_import", "event", "event_series", "calendar_version", "webhook_delivery", "outbox_message"],
  "POST /api/v1/admin/calendar-imports/{id}/sync": ["calendar_import", "event", "event_series", "calendar_version", "webhook_delivery", "outbox_message"],
  // Invitations (issue 40): made with their emails in the outbox; sent again with a new email; withdrawn. An
  // accepted one makes or links an account, its record, household and roles: the fuzz's tokens never open one.
  "POST /api/v1/admin/invitations": ["invitation", "outbox_message"],
  "POST /api/v1/admin/invitations/{id}/resend": ["invitation", "outbox_message"],
  "POST /api/v1/admin/invitations/{id}/revoke": ["invitation"],
  // The mail server is one column of that row; a test message is a message in the outbox.
  "PUT /api/v1/admin/settings/mail-server": ["church_settings"],
  "DELETE /api/v1/admin/settings/mail-server": ["church_settings"],
  "POST /api/v1/admin/settings/mail-server/test": ["outbox_message"],
  // Webhooks (docs/decisions/0027): the run's own endpoint (at an address that never resolves), its messages
  // and their attempts in the outbox.
  "POST /api/v1/admin/webhooks": ["webhook_endpoint"],
  "PATCH /api/v1/admin/webhooks/{id}": ["webhook_endpoint"],
  "DELETE /api/v1/admin/webhooks/{id}": ["webhook_endpoint", "webhook_delivery", "webhook_previous_secret"],
  // The replaced secret goes on signing for a day (docs/decisions/0027).
  "POST /api/v1/admin/webhooks/{id}/rotate-secret": ["webhook_endpoint", "webhook_previous_secret"],
  "POST /api/v1/admin/webhooks/{id}/test": ["webhook_delivery", "outbox_message"],
  "POST /api/v1/admin/webhooks/{id}/deliveries/{id}/redeliver": ["webhook_delivery", "outbox_message"],
};

// ─────────────────────────────── generators ───────────────────────────────

const NASTY_STRINGS = [
  "",
  " ",
  "null",
  "undefined",
  "0",
  "-1",
  "1e309",
  "NaN",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "' OR '1'='1' --",
  "'; DROP TABLE account; --",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "\uD800",
  "\uFFFF\uFFFE",
  "\u202Eevil",
  "🙂".repeat(200),
  "a@b",
  "member@example.org",
  "+15555550123",
  "123456",
  "00000000-0000-0000-0000-000000000000",
  "evt_",
  "\r\nSet-Cookie: x=1",
];

/** Text of every kind: random, binary, graphemes, known troublemakers, and sizes from 0 to 1 MB. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 6 }).map((power) => "x".repeat(Math.floor(10 ** power * 0.99))) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{1,12}$/) },
);

/** Any JSON value, and the wrong types a field can have. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, [], {}, [null], { $gt: "" }) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 5 }) },
);

/**
 * A value of the same shape with other digits: `2026-12-20` as `0000-13-45`, `09:30` as `29:99`, a code, a
 * phone number, a UUID. It passes a pattern check and tests what comes after it (a date that does not exist,
 * a year PostgreSQL has not). Every field holding the same text changes alike (an event's start and end date).
 */
function digitsScrambled(template: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> | null {
  const texts = [...new Set(Object.values(template).filter((value): value is string => typeof value === "string" && /\d/.test(value)))];
  if (texts.length === 0) return null;
  return fc.record({ text: fc.constantFrom(...texts), digits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 16, maxLength: 16 }) }).map(({ text, digits }) => {
    let index = 0;
    const scrambled = text.replace(/\d/g, () => String(digits[index++ % digits.length]));
    return Object.fromEntries(Object.entries(template).map(([field, value]) => [field, value === text ? scrambled : value]));
  });
}

/** A valid body with one field replaced, dropped or joined by an unknown one, or its digits changed; or something else entirely. */
function mutatedObject(template: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(template);
  const replaced = fc.record({ field: fc.constantFrom(...(fields.length > 0 ? fields : ["x"])), value: hostileValue }).map(({ field, value }) => ({ ...template, [field]: value }));
  const dropped = fc.constantFrom(...(fields.length > 0 ? fields : ["x"])).map((field) => {
    const copy: Record<string, unknown> = { ...template };
    delete copy[field];
    return copy;
  });
  const extra = fc.record({ key: fc.constantFrom("__proto__", "constructor", "prototype", "id", "user_id", "status", "x".repeat(300)), value: hostileValue }).map(({ key, value }) => {
    // A JSON text with a "__proto__" key must go through JSON.parse on the server as an own property.
    return JSON.parse(`${JSON.stringify(template).slice(0, -1)}${fields.length > 0 ? "," : ""}${JSON.stringify(key)}:${JSON.stringify(value ?? null)}}`) as unknown;
  });
  const scrambled = digitsScrambled(template);
  return scrambled ? fc.oneof(replaced, dropped, extra, hostileValue, scrambled) : fc.oneof(replaced, dropped, extra, hostileValue);
}

/** A body's bytes: JSON in several encodings, broken JSON, invalid UTF-8, deep nesting, huge, forms, nothing. */
function encodedBody(value: fc.Arbitrary<unknown>): fc.Arbitrary<{ body?: Buffer; contentType?: string }> {
  const json = value.map((v) => JSON.stringify(v) ?? "null");
  const contentType = fc.constantFrom(
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=utf-16",
    "APPLICATION/JSON",
    "application/json;;;;",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=xyz",
    "application/xml",
    "application/merge-patch+json",
    "",
    "\u00ff\u00fe/\u00e9",
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ text: json, contentType }).map(({ text, contentType: type }) => ({ body: Buffer.from(text, "utf8"), contentType: type })) },
    { weight: 1, arbitrary: json.map((text) => ({ body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]), contentType: "application/json" })) },
    { weight: 1, arbitrary: json.map((text) => ({ body: Buffer.from(text, "latin1"), contentType: "application/json" })) },
    {
      weight: 2,
      // Invalid UTF-8 inside an otherwise valid JSON text: lone continuation bytes, overlong forms, surrogates.
      arbitrary: fc.record({ text: json, bytes: fc.constantFrom([0xc3, 0x28], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xff]) }).map(({ text, bytes }) => {
        const source = Buffer.from(text, "utf8");
        const at = Math.max(0, source.indexOf(0x22) + 1);
        return { body: Buffer.concat([source.subarray(0, at), Buffer.from(bytes), source.subarray(at)]), contentType: "application/json" };
      }),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ body: Buffer.from(bytes), contentType: "application/json" })) },
    { weight: 1, arbitrary: json.map((text) => ({ body: Buffer.from(text.slice(0, Math.max(1, Math.floor(text.length / 2)))), contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc.record({ depth: fc.constantFrom(100, 1_000, 10_000, 100_000), kind: fc.constantFrom("array", "object") }).map(({ depth, kind }) => ({
        body: Buffer.from(kind === "array" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
        contentType: "application/json",
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom(70_000, 1_000_000, 3_000_000).map((size) => ({ body: Buffer.from(`{"value":"${"a".repeat(size)}"}`), contentType: "application/json" })) },
    { weight: 1, arbitrary: fc.constantFrom<{ body?: Buffer; contentType?: string }>({}, { body: Buffer.alloc(0), contentType: "application/json" }, { body: Buffer.from("   "), contentType: "application/json" }) },
  );
}

/** A path segment: plain, percent-encoded anything, raw latin1 bytes, traversal, broken escapes, long. */
const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: hostileText.map((text) => encode(text.slice(0, 1000)) || "x") },
  { weight: 1, arbitrary: fc.constantFrom("..", "%2e%2e", "%2F", "%ZZ", "%", "%C3%28", "%ED%A0%80", "%00", "a;b", "a,b", "~", "%25", "\u00ff\u00e9", "evt_0001", ".", "x".repeat(3000)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 20 }).map((text) => text.replace(/[\u0000-\u0020\u007f/?#]/g, "_") || "_") },
);

/** A query string: random names and values, encoded or raw, repeated parameters, broken escapes. */
const rawQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  fc.array(fc.tuple(fc.constantFrom("limit", "type", "cursor", "page", "per", "q", "x", "a[]", "__proto__", "request", "error"), hostileText), { maxLength: 4 }).map(
    (pairs) => (pairs.length ? `?${pairs.map(([name, value]) => `${name}=${encode(value.slice(0, 1000))}`).join("&")}` : ""),
  ),
  fc.constantFrom("?%", "?a=%ZZ", "?=&=&", "?a=1&a=2", "?&&&", "?\u00ff=\u00fe", "?a=%C3%28", `?x=${"y".repeat(3000)}`),
);

/** Headers nobody sends by accident: odd Accept, forwarded addresses, origins, cookies, encodings. */
const UNSIGNED_DPOP_PROOF = [
  Buffer.from(JSON.stringify({ alg: "none", typ: "dpop+jwt", jwk: { kty: "EC", crv: "P-256", x: "AAAA", y: "AAAA" } })).toString("base64url"),
  Buffer.from(JSON.stringify({ htm: "POST", htu: "http://127.0.0.1/oauth/token", jti: "j", iat: 1 })).toString("base64url"),
  "",
].join(".");

const oddHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      accept: fc.constantFrom("*/*", "application/json", "text/html", "", "application/json;q=0, text/html;q=0", "\u00ff"),
      "x-forwarded-for": fc.constantFrom("1.2.3.4", "1.2.3.4, 5.6.7.8", "::1", "not-an-ip", "", "999.999.999.999", "x".repeat(1500)),
      origin: fc.constantFrom("null", "http://evil.example", "http://127.0.0.1", "", "javascript:alert(1)"),
      cookie: fc.constantFrom("a=b", "__Host-session=garbage", "session=%ZZ; csrf=\u00ff", "=;=;=", "x".repeat(1500), `big=${"x".repeat(20_000)}`),
      "content-encoding": fc.constantFrom("gzip", "br", "identity", "x-unknown"),
      "if-none-match": fc.constantFrom("*", '"abc"', "W/\"x\", \"y\"", "garbage", ""),
      "user-agent": fc.constantFrom("", "\u00ff\u00fe", "x".repeat(1500), "Mozilla/5.0"),
      "sec-fetch-site": fc.constantFrom("cross-site", "same-origin", "none", "garbage"),
      // RFC 9449 proofs, none of them signed by a key: never a binding, always a clean refusal or nothing.
      dpop: fc.constantFrom("", "garbage", "a.b.c", "a.b.c, d.e.f", UNSIGNED_DPOP_PROOF, `${UNSIGNED_DPOP_PROOF}x`, "x".repeat(9000)),
    },
    { requiredKeys: [] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>);

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"] as const;

function withBody(method: string, encoded: { body?: Buffer; contentType?: string }, headers: Record<string, string>): RawRequest["body"] {
  if (method === "GET" || method === "HEAD") return undefined;
  if (encoded.contentType !== undefined && encoded.contentType !== "") headers["content-type"] = encoded.contentType;
  return encoded.body;
}

// ── identity: /api/v1/* with and without a valid bearer token ──

export interface IdentityRoute {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  /** Never sent with the valid token: a success would change the account for the rest of the run (sign-out of every session, a TOTP secret). */
  noValidToken?: boolean;
  query?: boolean;
  /** A staff list: paging, search, sort and its own filters, valid and hostile (docs/decisions/0017 "Lists"). */
  list?: ListQuery;
  /**
   * Whose valid credential the route gets: the member's token (default), the administrator's (the staff API;
   * sometimes the member's instead, which must be `forbidden`), a kiosk tablet's (the kiosk API; sometimes the
   * member's, which must be `forbidden`), the cron secret, or none (public routes).
   */
  credential?: "member" | "admin" | "kiosk" | "cron" | "none";
  /**
   * The scope the route needs (docs/decisions/0018; the proof's own copy, like the error tables): `null` where
   * any member token will do. The staff API needs `staff`. Omitted: no member token is involved.
   */
  scope?: string | null;
}

interface ListQuery {
  sort: readonly string[];
  /** The list's own filters and their valid values. */
  filters?: Record<string, readonly string[]>;
}

const EVENT_STATUSES = ["DRAFT", "SCHEDULED", "ACTIVE", "COMPLETED", "CANCELLED", "POSTPONED"] as const;
const PLACES: ListQuery = { sort: ["name", "createdAt"] };
const LISTS = {
  users: { sort: ["email", "familyName", "createdAt"], filters: { status: ["active", "disabled"] } },
  roles: { sort: ["name"] },
  clients: { sort: ["name", "createdAt"] },
  events: { sort: ["startAt", "title", "updatedAt", "createdAt"], filters: { status: EVENT_STATUSES, from: ["2026-01-01", "2030-12-31", "1970-01-01"] } },
  records: { sort: ["familyName", "createdAt"], filters: { linked: ["true", "false"] } },
  suggestions: { sort: ["createdAt"], filters: { status: ["pending", "approved", "rejected", "closed"] } },
  families: { sort: ["name", "createdAt"] },
  guardianships: { sort: ["createdAt"], filters: { status: ["active", "ended"] } },
  webhooks: { sort: ["createdAt", "url"] },
  series: { sort: ["title", "createdAt"] },
  audit: { sort: ["at"], filters: { section: ["users", "families", "clients", "events"], from: ["2026-01-01", "1970-01-01"], to: ["2030-12-31", "2026-02-30"] } },
} satisfies Record<string, ListQuery>;

/** A day in the future, for the event bodies (an event may not end before it starts). */
const EVENT_DAY = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * Every /api/v1 route and method, the federated link finalize and the cron routes, with a valid body where
 * they take one. `fixtures` names the records of the run's own (support/fixtures.ts) the bodies refer to.
 */
/**
 * The valid bodies of the endpoints defined once that take one, by operation id, with the run's own ids: what
 * the fuzz mutates, and sends as it is now and then so the routes' successes run too. Check-in (decision
 * 0023): event ids the run has no open event for, a phone no account has, proofs and tags nobody was given.
 */
/** A setup address's token as someone might have copied it from an old log: the church is set up, so it opens nothing. */
const STOLEN_SETUP_TOKEN = "Q2h1cmNoU2V0dXBUb2tlbkNvcGllZEZyb21PbGRMb2c";

/** A 16 × 16 PNG's signature and header: all the logo check reads (lib/church-settings/logo-image.ts). */
const FUZZ_LOGO = (() => {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "ascii");
  bytes.writeUInt32BE(16, 16);
  bytes.writeUInt32BE(16, 20);
  return `data:image/png;base64,${bytes.toString("base64")}`;
})();

/** A calendar of one event, a year ahead, for the calendar import's routes (issue 40). */
const FUZZ_CALENDAR = (() => {
  const day = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Fuzz//EN", "BEGIN:VEVENT", "UID:fuzz-import@example.org", "DTSTAMP:20261101T000000Z", `DTSTART:${day}T180000Z`, `DTEND:${day}T190000Z`, "SUMMARY:Fuzz import", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
})();

export function definedBodies(ids: IdentityFixtures["ids"]): Record<string, Record<string, unknown>> {
  return {
    selfCheckIn: { event_id: "evt_fuzz_not_open" },
    kioskStartPhoneCheck: { phone: "+16175550123" },
    kioskFindHousehold: { phone_check_id: "00000000-0000-4000-8000-0000000000aa", code: "123456" },
    kioskCheckIn: { presence: "not-a-proof", guardian_id: ids.member, children: [{ child_id: ids.child, event_id: "evt_fuzz_not_open" }] },
    kioskFindPickup: { pickup_tag: "PICKUP-AAAAAAAAAAAAAAAA" },
    kioskCheckOut: { pickup_tag: "PICKUP-AAAAAAAAAAAAAAAA", check_in_ids: ["00000000-0000-4000-8000-0000000000ab"] },
    adminCheckIn: { person_id: ids.child },
    // Privacy (docs/decisions/0011): an export.
    createDataRequest: { type: "export" },
    // Recovery contacts and the member's phone (docs/decisions/0010).
    addRecoveryContact: { value: "helper@example.org" },
    verifyRecoveryContact: { code: "123456" },
    startPhoneVerification: { phone: "+15555550123" },
    verifyPhone: { code: "123456" },
    // Households (docs/decisions/0013, 0017): a code nobody was given; staff's household and guardianship tools.
    joinFamily: { code: "ABCD-2345" },
    createFamily: { name: "Fuzz household" },
    addChild: { given_name: "Fuzz", family_name: "Child", birth_date: "2020-01-01", notes: "none" },
    updateChild: { notes: "fuzz" },
    addPickupPerson: { kind: "authorized", name: "Grandma Fuzz", relation: "Grandmother", phone: "+14155550123" },
    adminCreateFamily: { name: "Fuzz household" },
    adminRenameFamily: { name: "Fuzz household, renamed" },
    adminAddFamilyMember: { user_id: ids.child, role: "child" },
    adminAddChild: { given_name: "Fuzz", family_name: "Child", birth_date: "2020-01-01", notes: "none", guardian_ids: [ids.staff] },
    adminUpdateChild: { notes: "fuzz" },
    adminRecordFamilyGuardianship: { guardian_id: ids.staff, dependent_id: ids.child },
    adminMergeFamilies: { from: "00000000-0000-4000-8000-0000000000fe" },
    adminCreateGuardianship: { guardian_id: ids.staff, dependent_id: ids.child },
    grantConsent: { client_id: "demo-app", scopes: ["openid", "profile"] },
    addPasskey: {
      name: "Fuzz phone",
      response: {
        id: "AAAAAAAAAAAAAAAAAAAAAA",
        rawId: "AAAAAAAAAAAAAAAAAAAAAA",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "oA", transports: ["internal"] },
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
      },
    },
    renamePasskey: { name: "Fuzz phone" },
    disableMfa: { code: "123456" },
    confirmMfa: { code: "123456" },
    regenerateRecoveryCodes: { code: "123456" },
    // Federated identities: the member has none, and no link code exists, so nothing here can succeed.
    finalizeFederatedLink: { code: "a".repeat(43) },
    adminSetUserRoles: { roles: ["member"] },
    // Webhooks (docs/decisions/0027): an address nothing answers at.
    adminCreateWebhook: { url: "https://webhooks.invalid/fuzz", description: "Fuzz", event_types: ["event.updated"] },
    adminUpdateWebhook: { description: "Fuzz, renamed", event_types: ["event.updated", "event.cancelled"] },
    adminUpdateChurchSettings: { name: "Fuzz Chapel", brand_colour: "#7a1f3d", privacy_url: "https://fuzz.invalid/privacy" },
    adminUploadChurchLogo: { image: FUZZ_LOGO },
    // A two-person Planning Center–style file, and its columns chosen by hand.
    adminCreatePeopleImport: { file_name: "fuzz.csv", content: Buffer.from("Person ID,First Name,Last Name,Email\nfz1,Fuzz,Person,fuzz.person@example.org\nfz2,Fizz,Person,\n").toString("base64") },
    adminUpdatePeopleImport: { mapping: { given_name: "First Name", family_name: "Last Name" } },
    adminCreateCalendarImport: { file_name: "fuzz.ics", content: Buffer.from(FUZZ_CALENDAR).toString("base64"), event_type: "SPECIAL_EVENT" },
    adminUpdateCalendarImport: { keep_in_sync: false },
    // A record that does not exist: counted as not found, nobody invited.
    adminInvite: { record_ids: ["mbr_fuzz_nobody"] },
    // A link's token nobody was sent: the invitation does not open.
    checkInvitation: { token: "Rnv6ekludml0YXRpb25Ub2tlbk5vYm9keVdhc1NlbnQ" },
    startInvitationPasskey: { token: "Rnv6ekludml0YXRpb25Ub2tlbk5vYm9keVdhc1NlbnQ" },
    acceptInvitation: { token: "Rnv6ekludml0YXRpb25Ub2tlbk5vYm9keVdhc1NlbnQ", password: "a long enough passphrase 42" },
    // A relay on this machine's discard port: saved where the operator allows private addresses, refused where not; nothing answers it.
    adminSaveMailServer: { host: "127.0.0.1", port: 9, security: "none", from_address: "office@fuzz.invalid" },
    adminSendTestEmail: { to: "fuzz@example.org" },
    // The setup wizard (issue 39) with a stolen token on a church that is set up: every call is the 404 of a dead address.
    checkSetup: { token: STOLEN_SETUP_TOKEN },
    saveSetupMailServer: { token: STOLEN_SETUP_TOKEN, host: "smtp.example.org", port: 587, security: "starttls", username: "fuzz", password: "fuzz-password", from_address: "office@example.org" },
    sendSetupTestEmail: { token: STOLEN_SETUP_TOKEN, to: "fuzz@example.org" },
    sendSetupEmailCode: { token: STOLEN_SETUP_TOKEN, email: "fuzz@example.org", given_name: "Fuzz" },
    createSetupAdministrator: {
      token: STOLEN_SETUP_TOKEN,
      church: { name: "Fuzz Chapel", country: "US", time_zone: "America/Chicago", campus_name: "Main" },
      administrator: { given_name: "Fuzz", family_name: "Admin", email: "fuzz-admin@example.org", password: "correct horse battery staple 42", email_code: "123456" },
    },
    completeSetup: { token: STOLEN_SETUP_TOKEN, code: "123456" },
    // Events, ministries and campuses (docs/decisions/0017): a members' workshop in the seed's ministry and campus.
    adminCreateEvent: {
      title: "Fuzz workshop",
      description: "<p>Bring a laptop.</p>",
      eventType: "WORKSHOP",
      startDate: EVENT_DAY,
      startTime: "09:30",
      endDate: EVENT_DAY,
      endTime: "12:00",
      timezone: "Europe/London",
      ministryId: "min_worship",
      campusId: "cmp_london_bridge",
      visibility: "members",
      audience: ["members"],
      attendanceModes: ["MANUAL"],
      capacity: 30,
      location: { name: "Hall", address: "1 Bridge St", coordinates: { latitude: 51.5, longitude: -0.09 } },
      tags: ["fuzz"],
    },
    adminUpdateEvent: { title: "Fuzz supper, moved", startTime: "17:30", endDate: EVENT_DAY, endTime: "21:00", timezone: "America/Chicago", capacity: null, organizer: "Fuzz", location: null, tags: ["fuzz", "food"] },
    adminCreateMinistry: { name: "Fuzz ministry" },
    adminUpdateMinistry: { name: "Fuzz ministry renamed" },
    adminCreateCampus: { name: "Fuzz campus", timezone: "Asia/Kathmandu" },
    adminUpdateCampus: { name: "Fuzz campus renamed", timezone: "Asia/Kathmandu" },
    // Membership matching and linking (interface.md 4.2): the member's record of the register, by id.
    rankedMembershipSearch: { query: "Smith" },
    challengeMembership: { membership_id: ids.memberRecord },
    verifyMembership: { membership_id: ids.memberRecord, code: "123456" },
    suggestMembershipLink: { membership_id: ids.memberRecord },
    adminUpdateMembershipRecord: { given_name: "Fuzz", family_name: "Record", birth_date: "1970-05-01", email: "fuzz.record@example.org", phone: "+14155550123", household_id: "hh_fuzz", campus_id: null },
    // Registered OAuth clients (docs/decisions/0017): a confidential third-party app of the run's own.
    adminCreateClient: { name: "Fuzz app", type: "confidential", redirect_uris: ["https://fuzz.example/callback"], post_logout_redirect_uris: [], grant_types: ["authorization_code", "refresh_token"], scopes: ["openid", "profile"] },
    adminUpdateClient: { name: "Fuzz app, renamed", redirect_uris: ["https://fuzz.example/other"], post_logout_redirect_uris: [], scopes: ["openid"] },
    // Recurring series (docs/decisions/0026): a fortnightly rule, then edit all to a monthly one.
    adminCreateSeries: { title: "Fuzz study", eventType: "LIFE_GROUP", startDate: EVENT_DAY, startTime: "19:00", endDate: EVENT_DAY, endTime: "20:30", timezone: "America/New_York", repeat: { frequency: "WEEKLY", interval: 2, weekdays: ["TU", "TH"], count: 6 } },
    adminUpdateSeries: { title: "Fuzz study, renamed", startTime: "18:30", repeat: { frequency: "MONTHLY", weekdays: ["TU"], monthWeek: -1, until: "2031-12-31" } },
    // Sign-up (docs/decisions/0024): the member themselves, and an event's settings.
    registerForEvent: { person_ids: [ids.member] },
    // The member's own name and password (Account › Profile): a new password would end the run's other sessions.
    updateMyName: { given_name: "Fuzz", family_name: "Member" },
    changeMyPassword: { new_password: "fuzzing lantern orchard violet" },
    startEmailChange: { email: "fuzz.new.address@example.org" },
    verifyMyNewEmail: { code: "123456" },
    adminSetEventRegistration: { open: true, opens_at: null, closes_at: "2030-01-01T00:00:00Z", waitlist: true },
  };
}

/**
 * What the fuzz does with some defined endpoints beyond their definition, by operation id: `noValidToken`
 * (never sent with the valid token: a success would change the account for the rest of the run), `list`
 * (a staff list's paging, search, sort and filters, valid and hostile) and `query` (hostile query strings
 * for a route whose definition reads none).
 */
export const DEFINED_ROUTE_OPTIONS: Record<string, Pick<IdentityRoute, "noValidToken" | "list" | "query">> = {
  // The member's own household: a new code, a household of their own, leaving it or a child added would change what the run's member is.
  rotateFamilyCode: { noValidToken: true },
  createFamily: { noValidToken: true },
  leaveFamily: { noValidToken: true },
  addChild: { noValidToken: true },
  adminListFamilies: { list: LISTS.families },
  adminListGuardianships: { list: LISTS.guardianships },
  // The system routes read no query: hostile ones all the same, as for any route.
  getSystemHealth: { query: true },
  getSystemReadiness: { query: true },
  getSystemVersion: { query: true },
  adminListAuditEntries: { list: LISTS.audit },
  signOutOtherSessions: { noValidToken: true },
  changeMyPassword: { noValidToken: true },
  // A waiting challenge would let a later refused answer use it up (a write on a refusal).
  startPasskeyRegistration: { noValidToken: true },
  setUpMfa: { noValidToken: true },
  adminListUsers: { list: LISTS.users },
  adminListRoles: { list: LISTS.roles },
  adminListWebhooks: { list: LISTS.webhooks },
  adminListClients: { list: LISTS.clients },
  adminListSeries: { list: LISTS.series },
  adminListEvents: { list: LISTS.events },
  adminListMinistries: { list: PLACES },
  adminListCampuses: { list: PLACES },
  adminListMembershipRecords: { list: LISTS.records },
  adminListMembershipSuggestions: { list: LISTS.suggestions },
  adminListWebhookDeliveries: { list: { sort: ["createdAt"] } },
};

/**
 * The defined endpoints as the fuzz's routes: method, path and scope from the definition; the staff API with
 * the administrator's token, the kiosk API with a tablet's, a public one with none, the rest with the member's.
 * A definition with a body the table above lacks stops the run before it starts.
 */
export function definedRoutes(ids: IdentityFixtures["ids"], endpoints: readonly Endpoint[] = ENDPOINTS, bodies = definedBodies(ids)): IdentityRoute[] {
  return endpoints.map((endpoint) => {
    const needs = needsOf(endpoint);
    const credential = endpoint.access.kind === "public" ? ("none" as const) : endpoint.access.kind === "staff" ? ("admin" as const) : needs?.scope === AREA_SCOPES.kiosk ? ("kiosk" as const) : ("member" as const);
    const body = bodies[endpoint.operationId];
    if (endpoint.body && !body) throw new Error(`${operationKey(endpoint)}: the hostile-input proof has no valid body for it (definedBodies in scripts/proofs/fuzz.ts)`);
    // The fuzz names every hole of a path `{id}` (fillHoles, knownIds), whatever the definition calls it.
    return {
      method: endpoint.method,
      path: endpoint.path.replace(/\{\w+\}/g, "{id}"),
      ...(needs && { scope: needs.scope }),
      credential,
      ...(body && { body }),
      ...(endpoint.query && { query: true }),
      ...DEFINED_ROUTE_OPTIONS[endpoint.operationId],
    };
  });
}

export function identityRoutes(fixtures: Pick<IdentityFixtures, "ids">): IdentityRoute[] {
  const { ids } = fixtures;
  const admin = "admin" as const;
  return [
    // The scheduled jobs (the cron secret).
    { method: "GET", path: "/api/cron/cleanup-expired", credential: "cron", query: true },
    { method: "GET", path: "/api/cron/privacy-deletions", credential: "cron", query: true },
    { method: "GET", path: "/api/cron/people-imports", credential: "cron", query: true },
    { method: "GET", path: "/api/cron/calendar-imports", credential: "cron", query: true },
    { method: "GET", path: "/api/cron/guardianships-majority", credential: "cron", query: true },
    { method: "GET", path: "/api/cron/{id}", credential: "cron" },
    // The staff API (docs/decisions/0017), with the administrator's token, follows from its definitions; here only a
    // second valid body of adminUpdateClient (definedBodies has the first): a kiosk's campus networks (issue 36).
    // The run's own client is not a kiosk's, so it is refused too.
    { method: "PATCH", path: "/api/v1/admin/clients/{id}", credential: admin, scope: "staff", body: { allowed_networks: ["203.0.113.0/24", "2001:db8:5::/48"] } },
    // The church's logo (issue 39): an SVG carrying a script, a PNG sent as a JPEG, and one past the size limit, each refused.
    { method: "PUT", path: "/api/v1/admin/settings/logo", credential: admin, scope: "staff", body: { image: `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>').toString("base64")}` } },
    { method: "PUT", path: "/api/v1/admin/settings/logo", credential: admin, scope: "staff", body: { image: FUZZ_LOGO.replace("image/png", "image/jpeg") } },
    { method: "PUT", path: "/api/v1/admin/settings/logo", credential: admin, scope: "staff", body: { image: `data:image/png;base64,${Buffer.alloc(300 * 1024, 7).toString("base64")}` } },
    { method: "GET", path: "/api/v1/{id}" },
    { method: "GET", path: "/api/v1/{id}/{id}" },
    { method: "GET", path: "/api/v1/admin/{id}", credential: admin, scope: "staff" },
    // Every endpoint defined once (lib/openapi/endpoints.ts, docs/decisions/0032), read off its definition.
    ...definedRoutes(ids),
  ];
}

let routeScopes: { method: string; pattern: RegExp; holes: number; scope: string | null }[] | undefined;

/**
 * The scope a method and a routed path need, by the route list's own `scope` (a `{id}` hole matches any one
 * segment; the most specific template wins); null where none is needed or no route answers there.
 */
export function scopeOfRoute(method: string, path: string): string | null {
  routeScopes ??= identityRoutes({ ids: { member: "", admin: "", staff: "", child: "", memberRecord: "", teenRecord: "" } }).map((route) => ({
    method: route.method,
    pattern: new RegExp(`^${route.path.split("{id}").map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join("[^/]+")}$`),
    holes: holesOf(route.path),
    scope: route.scope ?? null,
  }));
  const matches = routeScopes.filter((route) => route.method === (method === "HEAD" ? "GET" : method) && route.pattern.test(path));
  matches.sort((a, b) => a.holes - b.holes);
  return matches[0]?.scope ?? null;
}

function holesOf(template: string): number {
  return template.split("{id}").length - 1;
}

/** `{id}` holes: hostile segments, and the route's known records (support/fixtures.ts) some of the time. */
function holeValues(template: string, known: readonly string[]): fc.Arbitrary<string[]> {
  const holes = holesOf(template);
  const segment = known.length > 0 ? fc.oneof({ weight: 3, arbitrary: pathSegment }, { weight: 2, arbitrary: fc.constantFrom(...known) }) : pathSegment;
  return fc.array(segment, { minLength: holes, maxLength: holes });
}

function fillHoles(template: string, values: readonly string[]): string {
  let index = 0;
  return template.replace(/\{id\}/g, () => values[index++] ?? "x");
}

/**
 * A hostile segment sent with a valid credential never names a real record outside the route's known ones:
 * compared lower-cased and percent-decoded, anywhere in the segment. (fast-check's UUIDs lean to small
 * numbers, like the seed's fixed ids of the child and the family.)
 */
function sparing(value: string, known: readonly string[], realIds: readonly string[]): string {
  if (known.includes(value)) return value;
  const text = safeDecode(value).toLowerCase();
  return realIds.some((id) => text.includes(id)) ? "no-such-record" : value;
}

function tamper(token: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: token.length - 1 }).map((at) => `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`),
    fc.constant(token.split(".").slice(0, 2).join(".") + "."),
    fc.constant(`${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString("base64url")}.${token.split(".")[1]}.`),
    fc.constant(token.toLowerCase()),
    fc.constant(`${token}x`),
  );
}

/**
 * An Authorization header: the valid token (half the time), another caller's valid token, a third-party app's
 * valid token with narrower scopes, none, garbage or tampered.
 */
function authorization(validToken: string | null, otherToken?: string, appTokens: readonly string[] = []): fc.Arbitrary<string | undefined> {
  const garbage = fc.oneof(
    fc.constantFrom("Bearer", "Bearer ", "Bearer  ", "bearer x", "Basic Zm9vOmJhcg==", "Bearer a b", "Bearer \u00ff\u00fe", "Token abc", "Bearer eyJ.eyJ.sig", `Bearer ${"A".repeat(2000)}`),
    hostileText.map((text) => `Bearer ${text.replace(/[^\u0020-\u007e\u0080-\u00ff]/g, "")}`),
  );
  const apps = appTokens.map((token) => fc.constant(`Bearer ${token}`));
  if (!validToken) return fc.oneof(fc.constant(undefined), garbage, ...apps);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(`Bearer ${validToken}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: garbage },
    { weight: 2, arbitrary: tamper(validToken).map((token) => `Bearer ${token}`) },
    ...(otherToken ? [{ weight: 1, arbitrary: fc.constant(`Bearer ${otherToken}`) }] : []),
    ...apps.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

/** A staff list's query: valid and hostile paging, search, sort and filters, unknown and repeated parameters. */
function listQuery(list: ListQuery): fc.Arbitrary<string> {
  const filters = list.filters ?? {};
  const sorts = list.sort.flatMap((field) => [field, `-${field}`]);
  const either = (valid: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileText });
  const values = new Map<string, fc.Arbitrary<string>>(Object.entries({
    page: either(fc.constantFrom("1", "2", "50", "999999999", "1000000000", "0", "-1", "1.5", "1e2", " 1", "+1", "01", "0x1", "", "\u0661")),
    per: either(fc.constantFrom("1", "20", "100", "101", "0", "1000", "-5", "2.0", "1e1", "", " 20", "\uff12")),
    q: either(fc.constantFrom("a", "Smith", "fuzz", "%", "_", "\\", "%_\\%", "'", "  ", "x".repeat(100), "x".repeat(101), "a\u0000b", "a\tb", "\u00e9", "🙂")),
    sort: either(fc.constantFrom(...sorts, "--name", "-", "", "id", "+name", `${sorts[0]},${sorts[1] ?? sorts[0]}`, "name DESC", `${sorts[0]}; DROP TABLE account`, "__proto__", "constructor", "toString")),
    ...Object.fromEntries(
      Object.entries(filters).map(([name, valid]) => [
        name,
        name === "from"
          ? fc.oneof(fc.constantFrom(...valid, "", "2026-1-1", "20260101", "2026-02-29"), fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), hostileText)
          : either(fc.constantFrom(...valid, "", "x", "__proto__", valid[0]!.toLowerCase())),
      ]),
    ),
    limit: hostileText,
    cursor: hostileText,
  }));
  for (const name of ["__proto__", "constructor", "hasOwnProperty"]) values.set(name, hostileText);
  return fc
    .uniqueArray(fc.constantFrom(...values.keys()), { maxLength: 5 })
    .chain((chosen) => fc.tuple(...chosen.map((name) => values.get(name)!.map((value) => [name, value] as const))))
    .chain((pairs) =>
      fc.record({ repeat: fc.boolean(), raw: fc.oneof({ weight: 8, arbitrary: fc.constant("") }, { weight: 1, arbitrary: rawQuery }) }).map(({ repeat, raw }) => {
        const encoded = pairs.map(([name, value]) => `${encode(name)}=${encode(value.slice(0, 1000))}`);
        if (repeat && encoded.length > 0) encoded.push(encoded[0]!);
        const text = encoded.join("&");
        return raw ? `${raw}${text ? `&${text}` : ""}` : text ? `?${text}` : "";
      }),
    );
}

function cronAuthorization(secret: string, memberToken: string): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(`Bearer ${secret}`) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, `Bearer ${memberToken}`, `bearer ${secret}`, `Bearer ${secret} `, `Bearer  ${secret}`, `Basic ${secret}`, `Bearer ${secret.slice(0, -1)}`, `Bearer ${secret}x`, secret) },
    { weight: 2, arbitrary: tamper(secret).map((value) => `Bearer ${value}`) },
    { weight: 1, arbitrary: hostileText.map((text) => `Bearer ${text.replace(/[^\u0020-\u007e\u0080-\u00ff]/g, "")}`) },
  );
}

/**
 * The route the server served. A path whose dot segments lead elsewhere is routed where they lead, as any
 * server resolves them (RFC 3986 5.2.4): `POST /api/v1/admin/families/%2e%2e/guardianships` is
 * `POST /api/v1/admin/guardianships`, and what it may write is that route's. Literal templates first.
 */
function servedRoute(request: RawRequest, route: string): string {
  const raw = request.path.split("?")[0] ?? "";
  const path = effectivePath(raw);
  if (path === raw) return route;
  const keys = Object.keys(ACCEPTED_WRITES).sort((a, b) => a.split("{").length - b.split("{").length);
  for (const key of keys) {
    const [method, template] = key.includes(" ") ? (key.split(" ") as [string, string]) : [null, key];
    if (method && method !== request.method) continue;
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (pattern.test(path)) return key;
  }
  return route;
}

const STAFF_WRITE = /^(POST|PUT|PATCH|DELETE) \/api\/v1\/admin\//;

/** What an accepted request of this route and method may write, if a success is foreseen at all. */
function acceptedWrites(route: string): string[] | undefined {
  const writes = ACCEPTED_WRITES[route] ?? ACCEPTED_WRITES[route.replace(/^[A-Z]+ /, "")];
  // Every accepted staff write also records itself in the audit log, in its own transaction (docs/decisions/0020).
  return writes && STAFF_WRITE.test(route) ? [...writes, "staff_audit_entry"] : writes;
}

export function identityRequests(fixtures: IdentityFixtures, cronSecret: string): fc.Arbitrary<Generated> {
  const routes = identityRoutes(fixtures);
  return fc.constantFrom(...routes).chain((route) => {
    const method = fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });
    // Now and then the valid body itself, so the routes' successes run too, among the hostile requests.
    const body = route.body ? encodedBody(fc.oneof({ weight: 4, arbitrary: mutatedObject(route.body) }, { weight: 1, arbitrary: fc.constant(route.body) })) : encodedBody(hostileValue);
    const known = fixtures.knownIds[route.path] ?? [];
    const credential = route.credential ?? "member";
    const valid = credential === "admin" ? fixtures.adminToken : credential === "kiosk" ? fixtures.kioskToken : credential === "cron" ? cronSecret : credential === "member" ? fixtures.memberToken : null;
    const appTokens = fixtures.thirdPartyTokens.map((app) => app.token);
    const auth =
      credential === "cron"
        ? cronAuthorization(cronSecret, fixtures.memberToken)
        : credential === "admin" || credential === "kiosk"
          ? authorization(valid, fixtures.memberToken, appTokens)
          : credential === "none"
            ? authorization(null)
            : // Account-changing routes never get the member's own valid token (noValidToken); an app's, which must be refused, they do.
              authorization(route.noValidToken ? null : fixtures.memberToken, undefined, appTokens);
    const query = route.list
      ? fc.oneof({ weight: 5, arbitrary: listQuery(route.list) }, { weight: 1, arbitrary: rawQuery })
      : route.query
        ? rawQuery
        : fc.oneof({ weight: 4, arbitrary: fc.constant("") }, { weight: 1, arbitrary: rawQuery });
    return fc
      .record({ method, holes: holeValues(route.path, known), query, auth, body, headers: oddHeaders })
      .map(({ method: chosen, holes, query: q, auth: header, body: encoded, headers }) => {
        const sent: Record<string, string> = { ...headers };
        const withValid = valid !== null && header === `Bearer ${valid}`;
        // A method swapped onto another route's address (GET /sessions/me → DELETE) must not carry the valid
        // token where that route is one of the account-changing ones kept from it.
        const guarded = routes.some((other) => other.noValidToken && other.method === chosen && other.path === route.path);
        if (header !== undefined && !(guarded && withValid)) sent.authorization = header;
        const path = fillHoles(route.path, withValid ? holes.map((value) => sparing(value, known, fixtures.realIds)) : holes);
        const key = `${chosen} ${route.path}`;
        const app = fixtures.thirdPartyTokens.find((candidate) => sent.authorization === `Bearer ${candidate.token}`);
        return {
          surface: "identity" as const,
          route: key,
          // Could be carried out: sent in batches of their own, so the other batches compare every table.
          mayWrite: withValid && !guarded && acceptedWrites(key) !== undefined,
          request: { method: chosen, path: `${path}${q}`, headers: sent, body: withBody(chosen, encoded, sent) },
          ...(app ? { thirdPartyScopes: app.scopes } : {}),
        };
      });
  });
}

// ── OAuth: /oauth/* and /.well-known/* ──

function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** Percent-encodes any text; a lone surrogate (fast-check makes them) becomes U+FFFD, as a browser would send it. */
function encode(text: string): string {
  return encodeURIComponent(wellFormed(text));
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * A form or query made from a template, mutated one way at a time. `known` are the other parameters the
 * endpoint reads (its definition's): each may come with a hostile value too.
 */
function mutatedForm(template: Record<string, string>, known: readonly string[] = []): fc.Arbitrary<string> {
  const fields = Object.keys(template);
  const others = known.filter((name) => !fields.includes(name));
  return fc.oneof(
    fc.record({ field: fc.constantFrom(...fields), value: hostileText }).map(({ field, value }) => form({ ...template, [field]: value })),
    ...(others.length > 0 ? [fc.record({ field: fc.constantFrom(...others), value: hostileText }).map(({ field, value }) => form({ ...template, [field]: value }))] : []),
    fc.constantFrom(...fields).map((field) => {
      const copy = { ...template };
      delete copy[field];
      return form(copy);
    }),
    fc.constantFrom(...fields).map((field) => `${form(template)}&${encode(field)}=again`),
    fc.record({ value: hostileText }).map(({ value }) => `${form(template)}&${encode(value.slice(0, 200))}=1`),
    fc.constantFrom("%", "a=%ZZ", "=&=", "&&&", "\u00ff\u00fe=\u00ff", "grant_type", `grant_type=${"x".repeat(8_000)}`),
    hostileText,
  );
}

const clientAuth: fc.Arbitrary<{ header?: string; fields: Record<string, string> }> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ header: basicAuth(), fields: {} }) },
  { weight: 1, arbitrary: fc.constant({ fields: { client_id: DEMO_APP.id, client_secret: DEMO_APP.secret } }) },
  { weight: 1, arbitrary: fc.constant({ fields: { client_id: DEMO_APP.id } }) },
  { weight: 1, arbitrary: fc.constant({ fields: {} }) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom("Basic", "Basic ", "Basic !!!!", "Basic " + Buffer.from("nocolon").toString("base64"), "Basic " + Buffer.from(":").toString("base64"), "Basic " + Buffer.from("%ZZ:%ZZ").toString("base64"), basicAuth(DEMO_APP.id, "wrong-secret"), basicAuth("portal", "x"), "Bearer x"),
      hostileText.map((text) => basicAuth(wellFormed(text.slice(0, 500)), wellFormed(text.slice(0, 500)))),
    ).map((value) => ({ header: value, fields: {} })),
  },
);

/** The form endpoints' templates, by definition: every one of them has one (scripts/proofs/endpoint-definition.test.ts). */
export const OAUTH_FORMS: { endpoint: OAuthEndpoint; template: Record<string, string> }[] = [
  { endpoint: tokenEndpoint, template: { grant_type: "client_credentials", scope: "openid" } },
  { endpoint: tokenEndpoint, template: { grant_type: "authorization_code", code: "abc", redirect_uri: DEMO_APP.redirectUri, code_verifier: "v".repeat(43) } },
  { endpoint: tokenEndpoint, template: { grant_type: "refresh_token", refresh_token: "not-a-refresh-token" } },
  { endpoint: tokenEndpoint, template: { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: "not-a-device-code" } },
  { endpoint: deviceAuthorizationEndpoint, template: { scope: "openid profile offline_access" } },
  { endpoint: revocationEndpoint, template: { token: "abc", token_type_hint: "refresh_token" } },
  { endpoint: introspectionEndpoint, template: { token: "abc", token_type_hint: "access_token" } },
  {
    endpoint: pushedAuthorizationEndpoint,
    template: { response_type: "code", redirect_uri: DEMO_APP.redirectUri, scope: "openid profile", state: "s", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" },
  },
];

export const AUTHORIZE_QUERY: Record<string, string> = {
  response_type: "code",
  client_id: DEMO_APP.id,
  redirect_uri: DEMO_APP.redirectUri,
  scope: "openid profile",
  state: "s",
  nonce: "n",
  code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  code_challenge_method: "S256",
};

export function oauthRequests(validToken: string): fc.Arbitrary<Generated> {
  const tokenForm = fc.record({ route: fc.constantFrom(...OAUTH_FORMS), auth: clientAuth, headers: oddHeaders, contentType: fc.oneof({ weight: 6, arbitrary: fc.constant("application/x-www-form-urlencoded") }, { weight: 1, arbitrary: fc.constantFrom("application/json", "text/plain", "", "application/x-www-form-urlencoded; charset=latin1", "multipart/form-data") }) }).chain(({ route, auth, headers, contentType }) =>
    fc.record({ body: mutatedForm({ ...route.template, ...auth.fields }, route.endpoint.parameters), method: fc.oneof({ weight: 8, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }), invalidUtf8: fc.boolean() }).map(({ body, method, invalidUtf8 }) => {
      const sent: Record<string, string> = { ...headers };
      if (auth.header) sent.authorization = auth.header;
      if (contentType) sent["content-type"] = contentType;
      const bytes = invalidUtf8 ? Buffer.concat([Buffer.from(body, "latin1"), Buffer.from([0xc3, 0x28, 0xff])]) : Buffer.from(body, "utf8");
      return { surface: "oauth" as const, route: route.endpoint.path, request: { method, path: route.endpoint.path, headers: sent, body: method === "GET" || method === "HEAD" ? undefined : bytes } };
    }),
  );
  const authorizeQuery = fc.record({ query: mutatedForm(AUTHORIZE_QUERY, authorizeEndpoint.parameters), method: fc.constantFrom("GET", "GET", "GET", "POST"), headers: oddHeaders }).map(({ query, method, headers }) => {
    const sent: Record<string, string> = { ...headers };
    if (method === "POST") sent["content-type"] = "application/x-www-form-urlencoded";
    // Raw latin1 bytes in a query are sent as they are; anything node:http cannot send is percent-encoded.
    const safe = query.replace(/[^\u0021-\u00ff]/g, (character) => encode(character));
    return {
      surface: "oauth" as const,
      route: authorizeEndpoint.path,
      request: method === "GET" ? { method, path: `${authorizeEndpoint.path}?${safe}`, headers: sent } : { method, path: authorizeEndpoint.path, headers: sent, body: Buffer.from(query, "utf8") },
    };
  });
  const browserOthers = fc
    .record({
      path: fc.oneof(
        rawQuery.map((query) => `${resumeAuthorizationEndpoint.path}${query}`),
        pathSegment.map((segment) => `${resumeAuthorizationEndpoint.path}?request=${segment}`),
        rawQuery.map((query) => `${endSessionEndpoint.path}${query}`),
        fc.record({ field: fc.constantFrom(...endSessionEndpoint.parameters), text: hostileText }).map(({ field, text }) => `${endSessionEndpoint.path}?${encode(field)}=${encode(text.slice(0, 1000))}&post_logout_redirect_uri=${encode(DEMO_APP.postLogoutRedirectUri)}`),
        fc.constant(`${endSessionEndpoint.path}?id_token_hint=${validToken}&post_logout_redirect_uri=http://evil.example/`),
        rawQuery.map((query) => `/oauth/error${query}`),
        fc.constantFrom(jwksEndpoint.path, discoveryEndpoint.path),
        pathSegment.map((segment) => `/oauth/${segment}`),
        pathSegment.map((segment) => `/.well-known/${segment}`),
      ),
      method: fc.oneof({ weight: 5, arbitrary: fc.constant("GET") }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      headers: oddHeaders,
      body: encodedBody(hostileValue),
    })
    .map(({ path, method, headers, body }) => {
      const sent: Record<string, string> = { ...headers };
      return { surface: "oauth" as const, route: path.split("?")[0] ?? path, request: { method, path, headers: sent, body: withBody(method, body, sent) } };
    });
  const userinfo = fc.record({ auth: authorization(validToken), method: fc.constantFrom("GET", "POST", "GET", "PUT"), headers: oddHeaders, body: encodedBody(hostileValue) }).map(({ auth, method, headers, body }) => {
    const sent: Record<string, string> = { ...headers };
    if (auth !== undefined) sent.authorization = auth;
    return { surface: "oauth" as const, route: userinfoEndpoint.path, request: { method, path: userinfoEndpoint.path, headers: sent, body: withBody(method, body, sent) } };
  });
  return fc.oneof({ weight: 5, arbitrary: tokenForm }, { weight: 2, arbitrary: authorizeQuery }, { weight: 2, arbitrary: browserOthers }, { weight: 1, arbitrary: userinfo });
}

// ── account forms: /auth/* posts, with and without a valid CSRF pair ──

export interface Csrf {
  cookie: string;
  token: string;
}

/** A passkey's answer of the right shape (WebAuthn AuthenticationResponseJSON) for a credential nobody registered. */
const PASSKEY_ASSERTION = JSON.stringify({
  id: "AAECAwQFBgcICQoLDA0ODw",
  rawId: "AAECAwQFBgcICQoLDA0ODw",
  type: "public-key",
  response: {
    clientDataJSON: Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: "AAAA", origin: "http://127.0.0.1" })).toString("base64url"),
    authenticatorData: Buffer.alloc(37, 1).toString("base64url"),
    signature: Buffer.alloc(70, 2).toString("base64url"),
    userHandle: "AAECAwQFBgcICQoLDA0ODw",
  },
  clientExtensionResults: {},
});

const FORM_TEMPLATES: Record<string, Record<string, string>> = {
  "/auth/sign-in": { email: "member@example.org", password: "wrong-password-1", request: "", return_to: "/account" },
  "/auth/second-factor": { code: "123456", request: "" },
  "/auth/consent": { decision: "allow", request: "req" },
  "/auth/device": { user_code: "BCDF-GHJK" },
  "/auth/device/decision": { decision: "allow", request: "00000000-0000-4000-8000-000000000000" },
  "/auth/register": { given_name: "Fuzz", family_name: "Tester", email: "not-an-address", password: "a-long-enough-password", request: "" },
  "/auth/verify-email": { email: "member@example.org", code: "123456", request: "" },
  "/auth/resend-verification": { request: "" },
  "/auth/forgot-password": { email: "nobody", via: "email", request: "" },
  "/auth/reset-password": { email: "member@example.org", code: "123456", password: "a-long-enough-password", request: "" },
  "/auth/sign-out": { continue: "/" },
  "/auth/locale": { locale: "es", back_to: "/calendar" },
  "/auth/email-code": { email: "member@example.org", request: "", return_to: "/account" },
  "/auth/email-code/verify": { code: "123456", request: "" },
  "/auth/email-code/resend": { request: "" },
  "/auth/passkey/options": { purpose: "sign_in", request: "" },
  "/auth/passkey/sign-in": { credential: PASSKEY_ASSERTION, request: "", return_to: "/account" },
  "/auth/second-factor/passkey": { credential: PASSKEY_ASSERTION, request: "" },
};

export function formRequests(csrf: Csrf, baseUrl: string): fc.Arbitrary<Generated> {
  const paths = Object.keys(FORM_TEMPLATES);
  return fc
    .record({
      path: fc.constantFrom(...paths),
      csrfMode: fc.constantFrom("valid", "valid", "valid", "valid", "missing", "wrong-token", "no-cookie", "cross-origin"),
      json: fc.boolean(),
      method: fc.oneof({ weight: 10, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      contentType: fc.oneof({ weight: 8, arbitrary: fc.constant("application/x-www-form-urlencoded") }, { weight: 1, arbitrary: fc.constantFrom("application/json", "text/plain", "", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded; charset=utf-16") }),
      headers: oddHeaders,
      invalidUtf8: fc.boolean(),
    })
    .chain((choice) =>
      mutatedForm(FORM_TEMPLATES[choice.path]!).map((body) => {
        const sent: Record<string, string> = { ...choice.headers, origin: baseUrl };
        delete sent["sec-fetch-site"];
        let text = body;
        if (choice.csrfMode !== "missing") text += `&csrf_token=${choice.csrfMode === "wrong-token" ? "x".repeat(43) : csrf.token}`;
        if (choice.csrfMode !== "no-cookie") sent.cookie = `${csrf.cookie}${choice.headers.cookie ? `; ${choice.headers.cookie}` : ""}`;
        if (choice.csrfMode === "cross-origin") sent.origin = "http://evil.example";
        if (choice.json) sent.accept = "application/json";
        else delete sent.accept;
        if (choice.contentType) sent["content-type"] = choice.contentType;
        const bytes = choice.invalidUtf8 ? Buffer.concat([Buffer.from(text, "utf8"), Buffer.from("&email=", "utf8"), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80])]) : Buffer.from(text, "utf8");
        return {
          surface: "forms" as const,
          route: choice.path,
          request: { method: choice.method, path: choice.path, headers: sent, body: choice.method === "GET" || choice.method === "HEAD" ? undefined : bytes },
        };
      }),
    );
}

// ── the sign-in flow's pages, GET with hostile queries (they render what the form handlers put there) ──

const FLOW_PAGES = ["/sign-in", "/sign-in/second-factor", "/sign-in/email-code", "/sign-in/email-code/verify", "/register", "/register/verify", "/forgot-password", "/forgot-password/reset", "/consent", "/device", "/signed-out", "/sign-out", "/oauth/error", "/calendar", "/account", "/admin/people", "/admin/people/00000000-0000-4000-8000-0000000000ff", "/admin/people/%3Cscript%3E", "/admin/households", "/admin/households/00000000-0000-4000-8000-0000000000fe", "/account/check-in", "/calendar/mine", "/admin/events/evt_fuzz_not_open/attendance", "/admin/events/%3Cscript%3E/attendance", "/kiosk", "/embed", "/embed/calendar", "/embed/calendar.js"];

export function pageRequests(): fc.Arbitrary<Generated> {
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "invalid_request", "too_many_requests", "invalid_credentials", "server_error", "email", "password", "code", "-1", "1e309", "NaN", "99999999999") },
    { weight: 3, arbitrary: hostileText.map((text) => text.slice(0, 1000)) },
  );
  const query = fc.array(fc.tuple(fc.constantFrom("error", "field", "retry_after", "request", "return_to", "continue", "email", "via", "user_code", "done", "client", "x", "view", "type", "limit", "audience", "accent-color", "heading", "locale", "link-target"), value), { maxLength: 4 }).map((pairs) =>
    pairs.length ? `?${pairs.map(([name, v]) => `${name}=${encode(v)}`).join("&")}` : "",
  );
  const pages = fc.record({ path: fc.constantFrom(...FLOW_PAGES), query, headers: oddHeaders }).map(({ path, query: q, headers }) => ({
    surface: "pages" as const,
    route: path,
    request: { method: "GET", path: `${path}${q}`, headers: { ...headers } },
  }));
  return fc.oneof({ weight: 4, arbitrary: pages }, { weight: 1, arbitrary: kioskPageRequests() });
}

// The lobby kiosk page's own routes (/kiosk: device-flow enrolment and the relay of the kiosk API, decision
// 0023): JSON in the identity error shape; hostile bodies, methods and paths, with and without a valid body.
const KIOSK_PAGE_ROUTES = [
  "/kiosk/enrol",
  "/kiosk/enrol/poll",
  "/kiosk/sign-out",
  "/kiosk/api/v1/events",
  "/kiosk/api/v1/phone-checks",
  "/kiosk/api/v1/households",
  "/kiosk/api/v1/check-ins",
  "/kiosk/api/v1/pickups",
  "/kiosk/api/v1/check-outs",
  "/kiosk/api/v1/..%2F..%2Fusers%2Fme",
  "/kiosk/api/v1/kiosk/events",
];

function kioskPageRequests(): fc.Arbitrary<Generated> {
  const body = fc.oneof(
    fc.constantFrom('{"client_id":"demo-checkin-kiosk"}', '{"client_id":"../../x"}', '{"phone":"+16175550123"}', '{"phone_check_id":"00000000-0000-4000-8000-0000000000aa","code":"123456"}', '{"member_code":"aaaaaaaaaaaa"}', '{"member_code":"CARD-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}', '{"pickup_tag":"PICKUP-AAAAAAAAAAAAAAAA"}', '{"pickup_tag":"ACDE","check_in_ids":["00000000-0000-4000-8000-0000000000ab"]}', "{}", "[]", "null", ""),
    hostileText.map((text) => text.slice(0, 2000)),
  );
  return fc
    .record({ path: fc.constantFrom(...KIOSK_PAGE_ROUTES), method: fc.constantFrom("GET", "POST", "POST", "PUT", "DELETE"), body, headers: oddHeaders })
    .map(({ path, method, body: text, headers }) => ({
      surface: "pages" as const,
      route: path,
      request: { method, path, headers: { ...headers, "content-type": "application/json" }, body: method === "GET" ? undefined : text },
    }));
}

// ── calendar: /api/calendar/* ──

/** How often each calendar operation is chosen: the feed and an event's page are what embeds ask for most. */
const CALENDAR_WEIGHTS: Record<string, number> = { listUpcomingEvents: 4, getEvent: 3 };

/** Every query parameter a calendar operation knows, and one it does not (which must be ignored). */
export function calendarQueryNames(): string[] {
  return [...new Set(CALENDAR_ENDPOINTS.flatMap((endpoint) => (endpoint.query ? Object.keys(endpoint.query.shape) : []))), "x"];
}

/** A definition's path with each `{name}` filled by that name's generator; a name without one is a mistake here. */
function filledPath(template: string, segments: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const parts = template.split(/(\{\w+\})/);
  return fc.tuple(
    ...parts.map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return fc.constant(part);
      const segment = segments[name];
      if (!segment) throw new Error(`the calendar fuzz has no generator for {${name}} of ${template}`);
      return segment;
    }),
  ).map((filled) => filled.join(""));
}

export function calendarRequests(cursor: string, eventIds: string[]): fc.Arbitrary<Generated> {
  const queryValue = (name: string) =>
    ({
      limit: fc.oneof(fc.integer({ min: -5, max: 150 }).map(String), fc.constantFrom("1.5", "1e2", "0x10", " 10", "10 ", "+10", "", "010", "99999999999999999999"), hostileText),
      type: fc.oneof(fc.constantFrom("SERVICE", "service", "WORKSHOP", "SERVICE,CAMP", ""), hostileText),
      ministryId: fc.oneof(fc.constantFrom("min_worship", "", "*"), hostileText),
      campusId: fc.oneof(fc.constantFrom("cmp_main", "", "%"), hostileText),
      audience: fc.oneof(fc.constantFrom("members", "youth", "", "members,youth"), hostileText),
      cursor: fc.oneof(
        fc.constant(cursor),
        fc.nat({ max: Math.max(0, cursor.length - 1) }).map((at) => `${cursor.slice(0, at)}${cursor[at] === "A" ? "B" : "A"}${cursor.slice(at + 1)}`),
        fc.constant(cursor.slice(0, Math.floor(cursor.length / 2))),
        hostileText,
      ),
      x: hostileText,
    })[name] ?? hostileText;
  const query = fc
    .uniqueArray(fc.constantFrom(...calendarQueryNames()), { maxLength: 5 })
    .chain((names) => fc.tuple(...names.map((name) => queryValue(name).map((value) => [name, value] as const))))
    .chain((pairs) =>
      fc.record({ repeat: fc.boolean(), raw: fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 1, arbitrary: rawQuery }) }).map(({ repeat, raw }) => {
        const encoded = pairs.map(([name, value]) => `${name}=${encode(value.slice(0, 1000))}`);
        if (repeat && encoded.length > 0) encoded.push(encoded[0]!);
        const text = encoded.join("&");
        return raw ? `${raw}${text ? `&${text}` : ""}` : text ? `?${text}` : "";
      }),
    );
  const eventSegment = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...(eventIds.length > 0 ? eventIds : ["evt_x"])) }, { weight: 3, arbitrary: pathSegment });
  const segments: Record<string, fc.Arbitrary<string>> = {
    eventId: eventSegment,
    // The private schedule feed (docs/decisions/0025): tokens of its shape that nobody holds, and hostile ones.
    token: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), pathSegment),
  };
  const path = fc.oneof(
    // Every operation defined (lib/openapi/endpoints.ts), its holes filled by the segments above, with a hostile
    // query of its own parameters, or any query where it takes none.
    ...CALENDAR_ENDPOINTS.map((endpoint) => ({
      weight: CALENDAR_WEIGHTS[endpoint.operationId] ?? 1,
      arbitrary: fc.tuple(filledPath(endpoint.path, segments), endpoint.query ? query : rawQuery).map(([filled, q]) => `${filled}${q}`),
    })),
    { weight: 1, arbitrary: fc.constantFrom("/api/calendar/events", "/api/calendar/events/", "/api/calendar", "/api/calendar/events//", "/api/calendar/events/upcoming/") },
    { weight: 1, arbitrary: fc.tuple(pathSegment, pathSegment).map(([a, b]) => `/api/calendar/${a}/${b}`) },
  );
  return fc
    .record({
      path,
      method: fc.oneof({ weight: 8, arbitrary: fc.constant("GET") }, { weight: 2, arbitrary: fc.constantFrom(...METHODS) }),
      headers: oddHeaders,
      body: encodedBody(hostileValue),
    })
    .map(({ path: chosen, method, headers, body }) => {
      const sent: Record<string, string> = { ...headers };
      return { surface: "calendar" as const, route: chosen.split("?")[0]!.replace(/\/events\/[^/]+/, "/events/{id}").replace(/\/mine\/[^/]+$/, "/mine/{token}.ics"), request: { method, path: chosen, headers: sent, body: withBody(method, body, sent) } };
    });
}

// ─────────────────────────────── the run ───────────────────────────────

export interface FuzzOptions {
  baseUrl: string;
  databaseUrl: string;
  perSurface: number;
  concurrency: number;
  batchSize: number;
  seed: number;
  surfaces: Surface[];
}

export interface SurfaceCount {
  surface: Surface;
  requests: number;
  fiveHundreds: number;
  violations: number;
  accepted: number;
  strictlyChecked: number;
  dbViolations: number;
  /** Keep-alive attempts that ended in a reset and were read again on a fresh connection (sendOnFreshConnection). */
  resetsRetried: number;
  acceptedRoutes: Record<string, number>;
  /** Tables some batch exempted from the comparison because a request in it was accepted (ACCEPTED_WRITES). */
  exemptTables: Set<string>;
  statuses: Record<string, number>;
  /** Requests sent with a third-party app's valid token (docs/decisions/0018), and their statuses. */
  thirdPartyStatuses: Record<string, number>;
  seconds: number;
}

function describe(request: RawRequest): string {
  const body = request.body === undefined ? "" : ` body(${Buffer.byteLength(request.body)} B)=${JSON.stringify((Buffer.isBuffer(request.body) ? request.body.toString("latin1") : request.body).slice(0, 160))}`;
  return `${request.method} ${request.path.slice(0, 200)} headers=${JSON.stringify(Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k, v.slice(0, 120)])))}${body}`;
}

async function csrfPair(baseUrl: string): Promise<Csrf> {
  const response = await fetch(`${baseUrl}/sign-in`, { redirect: "manual" });
  const html = await response.text();
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]!).find((pair) => /csrf/i.test(pair.split("=")[0]!));
  const token = /name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"/.exec(html);
  if (!cookie || !token) throw new Error("the sign-in page gave no CSRF cookie and token");
  return { cookie, token: token[1] ?? token[2]! };
}

/**
 * Errors the server's wrappers did not expect, from its log: each was answered generically (a 500, or the
 * error page for a browser endpoint), so none may appear. Returns them grouped, e.g. `/oauth/token: error: …`.
 */
export function unexpectedErrors(log: string): Map<string, number> {
  const groups = new Map<string, number>();
  for (const line of log.split("\n")) {
    let key: string | null = null;
    // The server's JSON log line (lib/log/json-log.ts) starts with its time; only "unexpected error" is a
    // failure here (an outbox delivery's failure is logged at the same level, and is retried by design).
    const json = /^\{.*"level":"error".*\}$/.test(line) ? (JSON.parse(line) as { msg?: string; route?: string; error?: string }) : null;
    if (json?.msg === "unexpected error") key = `${json.route}: ${json.error}`;
    else if (json) continue;
    else if (/^\[(forms|calendar)\] request .* failed/.test(line)) key = line.replace(/request [0-9a-f-]{36}/, "request …").slice(0, 200);
    // Next's own line for a multipart POST to a page, which it takes for a Server Action (this app has none)
    // and refuses with 409: a refusal, not an error of ours.
    else if (/^(⨯ )?Error: Failed to find Server Action/.test(line)) continue;
    else if (/^(⨯ )?(Error|TypeError|URIError|RangeError): /.test(line)) key = line.slice(0, 200);
    if (key) groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return groups;
}

export async function runFuzz(tally: Tally, options: FuzzOptions): Promise<SurfaceCount[]> {
  const { baseUrl } = options;
  const database = new Database(options.databaseUrl);
  const agent = agentFor(options.concurrency);
  try {
    // The identity surface's tokens and records of the run's own (support/fixtures.ts), made before the first snapshot.
    const fixtures = options.surfaces.includes("identity") ? await identityFixtures(baseUrl, database) : null;
    const memberToken = fixtures?.memberToken ?? (await signInForTokens(baseUrl, "member@example.org")).access_token;
    const csrf = await csrfPair(baseUrl);
    const feed = (await (await fetch(`${baseUrl}/api/calendar/events/upcoming?limit=5`)).json()) as { items: { eventId: string; slug: string }[]; nextCursor: string | null };
    const eventIds = feed.items.flatMap((item) => [item.eventId, item.slug]);
    const cursor = feed.nextCursor ?? "";
    console.log(`  seed ${options.seed}; ${options.perSurface} requests per surface, ${options.concurrency} at a time, batches of ${options.batchSize}`);
    for (const [table, rule] of Object.entries(MAY_CHANGE_ON_REFUSAL)) console.log(`  may change on a refusal: ${table} (${rule.columns === "all" ? "any column" : rule.columns.join(", ")}): ${rule.why}`);

    const generators: Record<Surface, () => fc.Arbitrary<Generated>> = {
      identity: () => identityRequests(fixtures!, PROOFS_CRON_SECRET),
      oauth: () => oauthRequests(memberToken),
      forms: () => formRequests(csrf, baseUrl),
      calendar: () => calendarRequests(cursor, eventIds),
      pages: () => pageRequests(),
    };
    const counts: SurfaceCount[] = [];
    for (const surface of options.surfaces) {
      const started = performance.now();
      const count: SurfaceCount = { surface, requests: 0, fiveHundreds: 0, violations: 0, accepted: 0, strictlyChecked: 0, dbViolations: 0, resetsRetried: 0, acceptedRoutes: {}, exemptTables: new Set(), statuses: {}, thirdPartyStatuses: {}, seconds: 0 };
      const shown = new Set<string>();
      // Pages render on the server (tens of ms each): a fifth of the per-surface count, at least 1,000.
      const runs = surface === "pages" ? Math.max(1_000, Math.floor(options.perSurface / 5)) : options.perSurface;
      const sampled = fc.sample(generators[surface](), { numRuns: runs, seed: options.seed + surface.length });
      // Requests that may be carried out first, in batches of their own; the rest in batches compared whole.
      const generated = [...sampled.filter((item) => item.mayWrite), ...sampled.filter((item) => !item.mayWrite)];
      if (generated[0]?.mayWrite) console.log(`  ${surface}: ${sampled.filter((item) => item.mayWrite).length} requests with a valid credential on a route that may write, sent first`);
      for (let start = 0; start < generated.length; start += options.batchSize) {
        const batch = generated.slice(start, start + options.batchSize);
        const before = await database.snapshot();
        const eventsBefore = await database.securityEventTypes();
        const answers = await pool(batch, options.concurrency, async (item) => {
          const first = await send(baseUrl, item.request, agent);
          if (!first.transportError) return first;
          count.resetsRetried += 1;
          return sendOnFreshConnection(baseUrl, item.request);
        });
        const allowed = new Set<string>();
        batch.forEach((item, index) => {
          const answer = answers[index]!;
          count.requests += 1;
          count.statuses[String(answer.status)] = (count.statuses[String(answer.status)] ?? 0) + 1;
          if (item.thirdPartyScopes) count.thirdPartyStatuses[String(answer.status)] = (count.thirdPartyStatuses[String(answer.status)] ?? 0) + 1;
          if (answer.status >= 500) count.fiveHundreds += 1;
          const verdict = judge(item, answer, baseUrl);
          if (!verdict.ok) {
            count.violations += 1;
            const key = `${item.route} ${verdict.why.slice(0, 60)}`;
            if (!shown.has(key) && shown.size < 15) {
              shown.add(key);
              console.log(`    ✗ ${verdict.why}\n      ${describe(item.request)}\n      → ${answer.status} ${answer.headers["content-type"] ?? ""} ${answer.body.toString("utf8").slice(0, 200)}`);
            }
          } else if (verdict.accepted) {
            count.accepted += 1;
            const route = servedRoute(item.request, item.route);
            count.acceptedRoutes[route] = (count.acceptedRoutes[route] ?? 0) + 1;
            const writes = acceptedWrites(route);
            if (writes) for (const table of writes) allowed.add(table);
            else {
              // A hostile request the server carried out where no success was foreseen: a finding in itself.
              count.violations += 1;
              console.log(`    ✗ accepted, and no success was foreseen for ${route}\n      ${describe(item.request)}\n      → ${answer.status} ${answer.body.toString("utf8").slice(0, 200)}`);
            }
          }
        });
        const after = await database.snapshot();
        const eventsAfter = await database.securityEventTypes();
        for (const table of allowed) count.exemptTables.add(table);
        if (allowed.size === 0) count.strictlyChecked += batch.length;
        const changed = diffSnapshots(before, after).filter((change) => !allowed.has(change.table));
        const newEventTypes = [...eventsAfter].filter(([type, n]) => n > (eventsBefore.get(type) ?? 0) && !REFUSAL_EVENT_TYPES.has(type) && !allowed.has("security_event"));
        if (changed.length > 0 || newEventTypes.length > 0) {
          count.dbViolations += 1;
          console.log(`    ✗ batch ${start / options.batchSize + 1}: the database changed: ${[...changed.map((c) => `${c.table} ${c.change}`), ...newEventTypes.map(([type]) => `security_event ${type}`)].join("; ")}`);
        }
      }
      count.seconds = (performance.now() - started) / 1000;
      counts.push(count);
      console.log(
        `  ${surface}: ${count.requests} requests in ${count.seconds.toFixed(0)} s, ${count.fiveHundreds} 5xx, ${count.violations} shape violations, ` +
          `${count.accepted} accepted, ${count.strictlyChecked} in batches with no table exempted, ${count.dbViolations} batches that changed the database, ${count.resetsRetried} resets read again on a fresh connection; statuses ${JSON.stringify(count.statuses)}`,
      );
      tally.check(`${surface}: ${count.requests} generated requests, no 5xx`, count.fiveHundreds === 0 && count.requests >= runs, `${count.fiveHundreds} 5xx`);
      tally.check(`${surface}: every answer in the surface's exact shape`, count.violations === 0, `${count.violations} violations`);
      if (count.accepted > 0) console.log(`    accepted: ${JSON.stringify(count.acceptedRoutes)}; tables exempted in their batches only: ${[...count.exemptTables].join(", ") || "none"}`);
      if (Object.keys(count.thirdPartyStatuses).length > 0) {
        // Every 2xx among them was judged against the route's scope: one beyond the app's scopes is a violation above.
        console.log(`    with a third-party app's token: ${Object.values(count.thirdPartyStatuses).reduce((sum, n) => sum + n, 0)} requests, statuses ${JSON.stringify(count.thirdPartyStatuses)}`);
      }
      tally.check(`${surface}: refused requests changed nothing in the database`, count.dbViolations === 0, `${count.dbViolations} batches changed it; ${count.strictlyChecked} requests in batches with no accepted write`);
    }
    return counts;
  } finally {
    agent.destroy();
    await database.end();
  }
}
