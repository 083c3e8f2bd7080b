import "server-only";
import { logUnexpectedError } from "./log-unexpected-error.ts";
import { ZodError, type z } from "zod";
import { openStaffAuditEntry } from "../audit/open-audit-entry.ts";
import { database as openDatabase, type Database } from "../db.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { isWriteConflict } from "../db/write-conflict.ts";
import { isUnstorableText } from "../db/unstorable-text.ts";
import { AccountError } from "../accounts/errors.ts";
import { IdentityError, forbidden, insufficientScope, insufficientUserAuthentication, invalidToken, tooManyRequests } from "../identity/errors.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { presentedAccessToken } from "../oauth/bearer.ts";
import { TokenBindingError, checkTokenBinding } from "../oauth/dpop/token-binding.ts";
import { RECENT_SIGN_IN_SECONDS } from "../oauth/config.ts";
import { AREA_SCOPES, effectiveScopes, type AreaScope } from "../oauth/scopes.ts";
import { checkTokenLiveness } from "../oauth/token-liveness.ts";
import { OUTSIDE_ALLOWED_NETWORKS, isWithinAllowedNetworks } from "../oauth/clients/allowed-networks.ts";
import { InvalidTokenError, verifyAccessToken } from "../oauth/tokens.ts";
import { identityErrorAnswer } from "./errors/identity-error-answer.ts";
import { IDENTITY_ERROR_STATUS } from "./identity-error-status.ts";
import { toResponse } from "./plain-response.ts";
import { BodyTooLargeError, MAX_JSON_BODY_BYTES, readBodyText } from "./read-body.ts";
import { clientAddressOf } from "./client-address.ts";
import { requestContext, type RequestContext } from "./request-context.ts";
import { requestIdFor } from "./request-id.ts";

/**
 * The one wrapper of every self-service route under /api/v1 (STYLE.md convention 2). In order:
 * 1. the access token: signature with a published key, `typ: at+jwt`, issuer, audience, expiry; a token
 *    bound to a DPoP key only with the DPoP scheme and a proof of that key (RFC 9449 7, checked after 2);
 * 2. liveness: its session not ended (revoked, expired or idle), its grant not revoked, its jti not revoked,
 *    its client not disabled (decisions.md part 5, docs/decisions/0018); and, for a kiosk limited to its
 *    campus's networks, the caller on one of them, else `forbidden` (docs/decisions/0023);
 * 3. its scope: the route's area scope must be among the token's effective scopes, those its client may
 *    hold today (account control and staff scopes only on first-party clients), else `forbidden` with
 *    RFC 6750's `insufficient_scope` challenge naming the scope;
 * 4. the caller's permissions, from their roles in the database on every call: the route's permission,
 *    else `forbidden` naming it;
 * 5. the sign-in behind it: the staff API needs a second factor (`amr` holds `mfa`), sensitive changes a
 *    sign-in of the last few minutes, else RFC 9470's `insufficient_user_authentication`.
 * A token may therefore do only what the member's roles AND its scopes AND its client allow.
 * Then the handler runs inside the only try/catch: IdentityError and zod failures become the identity
 * error shape; anything else a generic `server_error` logged with a request id.
 */
export interface Caller {
  userId: string;
  sessionId: string | null;
  clientId: string;
  /** The token's effective scopes: those it carries that its client may hold today. */
  scopes: string[];
  permissions: ReadonlySet<string>;
  /** The token was issued to a first-party client (the portal, or one registered with --first-party). */
  firstPartyClient: boolean;
  tokenId: string;
  /** When the member last proved who they are (`auth_time`, seconds since the epoch). */
  authTime: number | null;
  /** How (RFC 8176): `pwd`, `otp`, `mfa`, `fed`. */
  amr: string[];
  /** The campus its client is a check-in kiosk of (docs/decisions/0023), read with the token's liveness; null for any other client. */
  checkInCampusId: string | null;
}

export interface IdentityContext<Params> {
  request: Request;
  caller: Caller;
  params: Params;
  /** The database, for the services the handler calls (docs/decisions/0019). */
  database: Database;
  /** The caller's address and user agent, for rate limits and the security log. */
  context: RequestContext;
}

interface CommonRouteOptions {
  /** Permission (`resource:action`) the caller's roles must hold. */
  permission?: string;
  /** A sensitive change: the member must have signed in within RECENT_SIGN_IN_SECONDS. */
  recentSignIn?: boolean;
}

/**
 * Every route says which scope it needs (docs/decisions/0018's table); `null` only where any member token
 * will do because the handler itself releases no more than the token's scopes allow (GET /api/v1/users/me).
 * A staff route (/api/v1/admin) needs the `staff` scope, which only first-party clients may hold, and a
 * sign-in with a second factor: a third-party app a staff member signed in to acts with their member
 * rights, never their staff rights (decision 0017).
 */
export type IdentityRouteOptions = CommonRouteOptions & ({ scope: AreaScope | null; staff?: never } | { staff: true; scope?: never });

const BASE_HEADERS = { "Cache-Control": "no-store", "Content-Type": "application/json; charset=utf-8" } as const;

export function identityJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: BASE_HEADERS });
}

export function identityErrorResponse(error: IdentityError): Response {
  return toResponse(identityErrorAnswer(error.code, error.description, IDENTITY_ERROR_STATUS[error.code], error.headers));
}

/** Describes a zod failure in words that name the field, e.g. `code: must be exactly 6 digits`. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

export async function authenticateCaller(database: Database, request: Request): Promise<Caller> {
  const presented = presentedAccessToken(request.headers);
  if (!presented) throw invalidToken(request.headers.has("authorization") ? "the Authorization header is malformed" : "an access token is required");
  let verified;
  try {
    verified = await verifyAccessToken(database, presented.token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw invalidToken(`the access token is ${error.message === "token expired" ? "expired" : "invalid"}`);
    throw error;
  }
  if (!verified.sid && !verified.grantId) throw invalidToken("the access token was not issued to a member");
  const liveness = await checkTokenLiveness(database, verified, true);
  if (!liveness.live) throw invalidToken("the access token has been revoked");
  // The kiosk relay vouches for the tablet's address (lib/http/relayed-client.ts); anyone else is whoever the transport says.
  if (!isWithinAllowedNetworks(liveness.allowedNetworks, clientAddressOf(request.headers))) throw new IdentityError("forbidden", OUTSIDE_ALLOWED_NETWORKS);
  try {
    await checkTokenBinding(database, presented, verified.dpopJkt, request);
  } catch (error) {
    // The surface's own code in the body; RFC 9449's in the DPoP challenge.
    if (error instanceof TokenBindingError) throw new IdentityError("invalid_token", error.description, { "WWW-Authenticate": error.challenge });
    throw error;
  }
  return {
    userId: verified.sub,
    sessionId: verified.sid,
    clientId: verified.clientId,
    scopes: effectiveScopes(verified.scope, { scopes: liveness.clientScopes, firstParty: liveness.firstPartyClient }),
    permissions: new Set(liveness.permissions),
    firstPartyClient: liveness.firstPartyClient,
    tokenId: verified.jti,
    authTime: verified.authTime,
    amr: verified.amr,
    checkInCampusId: liveness.checkInCampusId,
  };
}

/** Sensitive changes: a sign-in older than RECENT_SIGN_IN_SECONDS must be repeated first (RFC 9470 `max_age`). */
export function requireRecentSignIn(caller: Caller): void {
  const age = caller.authTime === null ? Infinity : Date.now() / 1000 - caller.authTime;
  if (age > RECENT_SIGN_IN_SECONDS) {
    throw insufficientUserAuthentication("sign in again to make this change", RECENT_SIGN_IN_SECONDS);
  }
}

/**
 * Scope, then permission, then the sign-in: a member is told what the sign-in lacks only for a call their
 * token and roles would otherwise allow.
 */
function authorize(caller: Caller, options: IdentityRouteOptions): void {
  const scope = options.staff ? AREA_SCOPES.staff : options.scope;
  if (scope && !caller.scopes.includes(scope)) throw insufficientScope(scope);
  if (options.permission && !caller.permissions.has(options.permission)) throw forbidden(options.permission);
  if (options.staff && !caller.amr.includes("mfa")) {
    throw insufficientUserAuthentication("staff tools need a sign-in with a second factor");
  }
  if (options.recentSignIn) requireRecentSignIn(caller);
}

/** Reads a JSON object body and validates it; anything else is `invalid_request` naming the problem. */
export async function readJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema, maxBytes: number = MAX_JSON_BODY_BYTES): Promise<z.output<Schema>> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new IdentityError("invalid_request", "the body must be application/json");
  let text: string;
  try {
    text = await readBodyText(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new IdentityError("invalid_request", `the request body is too large (at most ${Math.floor(maxBytes / 1024)} KiB)`);
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new IdentityError("invalid_request", "the body is not valid JSON");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new IdentityError("invalid_request", describeZodError(parsed.error));
  return parsed.data;
}

/** Validates the query string; a repeated parameter or a failed check is `invalid_request` naming it. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.output<Schema> {
  const params = new URL(request.url).searchParams;
  // No prototype: `?__proto__=` is then a key like any other (refused as unknown), not a silent no-op.
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (key in values) throw new IdentityError("invalid_request", `${key.slice(0, 40)}: is repeated`);
    values[key] = value;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new IdentityError("invalid_request", describeZodError(parsed.error));
  return parsed.data;
}

/** The database is not answering (stopped, restarting): 503 with Retry-After, never a 500 (decision 0016). */
export function serviceUnavailable(): IdentityError {
  return new IdentityError("service_unavailable", "the service is briefly unavailable; try again", { "Retry-After": String(RETRY_AFTER_SECONDS) });
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function identityRoute<Params extends Record<string, string | string[]> = Record<string, never>>(
  options: IdentityRouteOptions,
  handler: (context: IdentityContext<Params>) => Promise<Response>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const database = await openDatabase();
      const caller = await authenticateCaller(database, request);
      authorize(caller, options);
      const params = ((await context?.params) ?? {}) as Params;
      const run = (handle: Database) => handler({ request, caller, params, database: handle, context: requestContext(request.headers) });
      if (options.staff && !READ_METHODS.has(request.method)) return await auditedStaffWrite(database, request, caller, typeof params.id === "string" ? params.id : null, run);
      return await run(database);
    } catch (error) {
      return identityFailure(request, error);
    }
  };
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A staff write's refusal answered without throwing: it rolls the transaction back on its way out. */
class RefusedStaffWrite extends Error {
  constructor(readonly response: Response) {
    super("the staff write was refused");
  }
}

/**
 * Every staff write runs in one transaction that first opens its audit entry (docs/decisions/0020): the
 * triggers append each row the handler changes to it, and the write and its record commit together or not
 * at all. A refusal, thrown or answered, rolls both back, so a refused request leaves no trace but its log
 * line. The handler's own `database.transaction` calls join this one.
 */
async function auditedStaffWrite(database: Database, request: Request, caller: Caller, targetId: string | null, run: (handle: Database) => Promise<Response>): Promise<Response> {
  try {
    return await database.transaction(
      async (tx) => {
        await openStaffAuditEntry(tx, {
          actorId: caller.userId,
          clientId: caller.clientId,
          method: request.method,
          path: new URL(request.url).pathname,
          targetId,
          requestId: requestIdFor(request.headers),
        });
        const response = await run(tx);
        if (!response.ok) throw new RefusedStaffWrite(response);
        return response;
      },
      STAFF_WRITE_TRANSACTION,
    );
  } catch (error) {
    if (error instanceof RefusedStaffWrite) return error.response;
    throw error;
  }
}

/** Staff writes are short, but one may create an event series or end many sessions: more than Prisma's 5 s. */
const STAFF_WRITE_TRANSACTION = { maxWait: 5_000, timeout: 20_000 } as const;

/**
 * The wrapper of the few identity routes that take no token (the system routes, for load balancers and
 * monitors): the same answers and the same single try/catch, without authentication.
 */
export function publicIdentityRoute(handler: (request: Request, database: Database) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler(request, await openDatabase());
    } catch (error) {
      return identityFailure(request, error);
    }
  };
}

/**
 * The identity kind of an account form's error thrown by a service under /api/v1 (a disabled account, a wrong
 * code): the sentence is the form's, the kind follows its status. Without this it was a 500.
 */
function identityErrorOfAccountError(error: AccountError): IdentityError {
  // No AccountError is an attempt limit (AccountErrorKind): those are TooManyAttemptsError, with their own wait.
  const code = ({ 403: "forbidden", 500: "server_error", 503: "service_unavailable" } as const)[error.status as 403 | 500 | 503] ?? "invalid_request";
  return new IdentityError(code, error.message);
}

/** The identity surface's answer to whatever a handler threw: each kind of error in its shape, anything unexpected a logged 500. */
export function identityFailure(request: Request, error: unknown): Response {
  if (error instanceof IdentityError) return identityErrorResponse(error);
  if (error instanceof TooManyAttemptsError) return identityErrorResponse(tooManyRequests(error.retryAfterSeconds, error.message));
  if (error instanceof AccountError) return identityErrorResponse(identityErrorOfAccountError(error));
  if (error instanceof ZodError) return identityErrorResponse(new IdentityError("invalid_request", describeZodError(error)));
  if (isUnstorableText(error)) return identityErrorResponse(new IdentityError("invalid_request", "a value holds a character that is not allowed"));
  if (isDatabaseUnavailable(error)) return identityErrorResponse(serviceUnavailable());
  if (isWriteConflict(error)) return identityErrorResponse(new IdentityError("conflict", "another change to the same records was being saved at the same moment; nothing was changed, try again"));
  const requestId = logUnexpectedError(new URL(request.url).pathname, error, request.headers);
  return identityErrorResponse(new IdentityError("server_error", `unexpected error (request ${requestId})`));
}
