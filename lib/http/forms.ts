import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type z } from "zod";
import { ACCOUNT_ERRORS, AccountError, type AccountErrorCode, type CookieToSet } from "../accounts/errors.ts";
import { IdentityError, type IdentityErrorCode } from "../identity/errors.ts";
import { FIELD_MESSAGES } from "../accounts/schemas.ts";
import { accountErrorMessage, fieldMessage, isFormField } from "../i18n/account-error-words.ts";
import { acceptedLocale } from "../i18n/negotiate-locale.ts";
import { localeCookieName } from "../i18n/locale-cookie.ts";
import { appLocaleOf, type AppLocale } from "../kernel/locales.ts";
import { database as openDatabase, type Database } from "../db.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { isUnstorableText } from "../db/unstorable-text.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { CSRF_FIELD, csrfCookieName, verifyCsrf } from "./csrf.ts";
import { logUnexpectedError } from "./log-unexpected-error.ts";
import { BodyTooLargeError, MAX_FORM_BODY_BYTES, readBodyText } from "./read-body.ts";
import { requestContext, type RequestContext } from "./request-context.ts";

/**
 * The one wrapper of every form handler of the authorization server (app/auth/<step>/route.ts). It holds
 * the only try/catch of those routes and does, in order:
 *   1. refuse anything but an application/x-www-form-urlencoded POST of reasonable size;
 *   2. verify CSRF (Origin/Sec-Fetch-Site and the signed double-submit token in `csrf_token`);
 *   3. parse the fields with the handler's zod schema;
 *   4. run the handler, which answers where to go next and which cookies to set;
 *   5. answer in one of two modes:
 *      - the page's fetch (Accept: application/json): 200 `{ redirect_to }`, or the identity error shape
 *        `{ error, error_description }` with its status (and Retry-After on 429);
 *      - a plain form post (no JavaScript): 303 to the next page, or 303 back to the form with
 *        `?error=<code>` (and `field`, `reason`, `retry_after`), keeping the fields named in `keep` (`request`).
 * Every answer is `Cache-Control: no-store`. Unknown errors are logged with a request id and shown as a
 * generic message: no stack trace, SQL or submitted value ever reaches the response or the log line.
 */
export interface FormContext {
  request: NextRequest;
  client: RequestContext;
  cookie(name: string): string | undefined;
  /** The database, for the services the handler calls (docs/decisions/0019). */
  database: Database;
  /** The language of the page the form was sent from (formPageLocale), or null when nothing says: the church's then. */
  pageLocale: AppLocale | null;
}

export interface FormSuccess {
  /** A same-origin path (or the authorization endpoint's resume path). */
  redirectTo: string;
  cookies?: CookieToSet[];
  /** What the page's fetch gets instead of `{ redirect_to }` (a passkey ceremony's options); a plain post still goes to `redirectTo`. */
  json?: Record<string, unknown>;
}

export interface FormRouteOptions<Schema extends z.ZodType> {
  /** The page that shows this form, where a failure goes back to. */
  formPath: string;
  schema: Schema;
  /** Submitted fields copied into the back-to-form URL; default `request`. Never a secret or personal field. */
  keep?: readonly string[];
  handle(input: z.output<Schema>, context: FormContext): Promise<FormSuccess>;
}

interface Failure {
  code: AccountErrorCode;
  status: number;
  message: string;
  field?: string;
  reason?: string;
  retryAfterSeconds?: number;
  formPath?: string;
  cookies: CookieToSet[];
  requestId?: string;
}

/**
 * The language of the page a form was sent from (issue 41), for what the handler writes to the one acting
 * (the emailed code of registration): the page's fetch sends the page's own as Accept-Language; a plain
 * post has the switcher's cookie, else the browser's languages.
 */
export function formPageLocale(request: NextRequest): AppLocale | null {
  const accepted = acceptedLocale(request.headers.get("accept-language"));
  if (wantsJson(request)) return accepted;
  return appLocaleOf(request.cookies.get(localeCookieName())?.value) ?? accepted;
}

function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").toLowerCase().includes("application/json");
}

function failure(code: AccountErrorCode, extra: Partial<Failure> = {}): Failure {
  return { code, status: ACCOUNT_ERRORS[code].status, message: ACCOUNT_ERRORS[code].message, cookies: [], ...extra };
}

/** A zod failure names the first field at fault and says, in the schema's own words, what to fix. */
function validationFailure(error: ZodError): Failure {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") || undefined;
  const message = issue?.message ?? ACCOUNT_ERRORS.invalid_request.message;
  return failure("invalid_request", { field, message: field ? `${field}: ${message}` : message });
}

/** What an identity error's kind is on a form: a refusal or a wrong value, the wait, or our side failing. */
const FORM_CODE_OF_IDENTITY_ERROR = {
  invalid_request: "invalid_request",
  invalid_token: "session_required",
  insufficient_user_authentication: "session_required",
  forbidden: "forbidden",
  not_found: "invalid_request",
  conflict: "invalid_request",
  too_many_requests: "too_many_requests",
  server_error: "server_error",
  service_unavailable: "service_unavailable",
  method_not_allowed: "invalid_request",
} as const satisfies Record<IdentityErrorCode, AccountErrorCode>;

function toFailure(error: unknown, request: NextRequest): Failure {
  if (error instanceof AccountError) {
    return failure(error.code, { message: error.message, field: error.field, reason: error.reason, formPath: error.formPath, cookies: error.cookies });
  }
  if (error instanceof TooManyAttemptsError) {
    return failure("too_many_requests", { message: error.message, retryAfterSeconds: error.retryAfterSeconds, formPath: error.options.formPath });
  }
  // A service's identity error on a form (a conflict, a refusal): the form's kind for it, with the service's sentence.
  if (error instanceof IdentityError) {
    const retryAfter = Number(error.headers["Retry-After"]);
    return failure(FORM_CODE_OF_IDENTITY_ERROR[error.code], { message: error.description, ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) });
  }
  if (error instanceof ZodError) return validationFailure(error);
  if (isUnstorableText(error)) return failure("invalid_request");
  if (isDatabaseUnavailable(error)) return failure("service_unavailable", { retryAfterSeconds: RETRY_AFTER_SECONDS });
  // One JSON line with the request's id; Prisma errors keep only their class and code (lib/log/json-log.ts).
  const requestId = logUnexpectedError(request.nextUrl.pathname, error, request.headers);
  return failure("server_error", { requestId });
}

function setCookies(response: NextResponse, cookies: readonly CookieToSet[] = []): NextResponse {
  for (const cookie of cookies) response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

function noStore(headers: Record<string, string> = {}): Record<string, string> {
  return { "Cache-Control": "no-store", ...headers };
}

function seeOther(location: string, cookies?: readonly CookieToSet[]): NextResponse {
  return setCookies(new NextResponse(null, { status: 303, headers: noStore({ Location: location }) }), cookies);
}

function backToForm(path: string, fail: Failure, kept: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(kept)) query.set(name, value);
  query.set("error", fail.code);
  if (fail.field && fail.code === "invalid_request") query.set("field", fail.field);
  if (fail.reason && fail.code === "invalid_request") query.set("reason", fail.reason);
  if (fail.retryAfterSeconds) query.set("retry_after", String(fail.retryAfterSeconds));
  return `${path}?${query.toString()}`;
}

/**
 * The failure's sentence in the language the page asked in (its fetch sends the page's own as
 * Accept-Language; issue 41), else English, the contract's. The table's sentences and the fields' are
 * translated; a service's more precise one stays as it is said.
 */
function messageInLanguageOf(request: NextRequest, fail: Failure): string {
  const locale = acceptedLocale(request.headers.get("accept-language"));
  if (locale === null || locale === "en") return fail.message;
  if (fail.message === ACCOUNT_ERRORS[fail.code].message) return accountErrorMessage(fail.code, locale);
  if (isFormField(fail.field) && fail.message === `${fail.field}: ${FIELD_MESSAGES[fail.field]}`) return `${fail.field}: ${fieldMessage(fail.field, locale)}`;
  return fail.message;
}

function renderFailure(request: NextRequest, fail: Failure, formPath: string, kept: Record<string, string>): NextResponse {
  const headers: Record<string, string> = {};
  if (fail.retryAfterSeconds) headers["Retry-After"] = String(fail.retryAfterSeconds);
  if (fail.requestId) headers["X-Request-Id"] = fail.requestId;
  if (wantsJson(request)) {
    const response = NextResponse.json(
      { error: fail.code, error_description: messageInLanguageOf(request, fail) },
      { status: fail.status, headers: noStore(headers) },
    );
    return setCookies(response, fail.cookies);
  }
  const response = seeOther(backToForm(fail.formPath ?? formPath, fail, kept), fail.cookies);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export interface PageRedirectRouteOptions {
  /** The page a failure goes to, with `?error=<code>` as a form's (and `retry_after` for a passing outage). */
  errorPath: string;
  /** Cookies to set on every failure (e.g. to clear a half-finished attempt's). */
  failureCookies?: () => CookieToSet[];
  handle(context: FormContext): Promise<FormSuccess>;
}

/**
 * The wrapper of a browser GET that ends on one of the identity pages (the federated provider's callback):
 * the handler answers where to go next, as a form's does; any failure goes to `errorPath` the way a form's
 * goes back to its page, so a database outage is `service_unavailable` with `retry_after`, never a
 * `server_error`.
 */
export function pageRedirectRoute(options: PageRedirectRouteOptions): (request: NextRequest) => Promise<Response> {
  return async (request) => {
    try {
      const result = await options.handle({
        request,
        database: await openDatabase(),
        client: requestContext(request.headers),
        cookie: (name) => request.cookies.get(name)?.value,
        pageLocale: formPageLocale(request),
      });
      return seeOther(result.redirectTo, result.cookies);
    } catch (error) {
      const fail = toFailure(error, request);
      return renderFailure(request, { ...fail, cookies: [...fail.cookies, ...(options.failureCookies?.() ?? [])] }, options.errorPath, {});
    }
  };
}

async function readFields(request: NextRequest): Promise<Record<string, string>> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!contentType.startsWith("application/x-www-form-urlencoded")) {
    throw new AccountError("invalid_request", { message: "Send the form as application/x-www-form-urlencoded." });
  }
  let text: string;
  try {
    text = await readBodyText(request, MAX_FORM_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new AccountError("invalid_request", { message: "The form is too large." });
    throw error;
  }
  const fields: Record<string, string> = {};
  // The first value of each name wins; a repeated field cannot smuggle a second value past the schema.
  for (const [name, value] of new URLSearchParams(text)) if (!(name in fields)) fields[name] = value;
  return fields;
}

function keptFields(fields: Record<string, string>, keep: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of keep) {
    const value = fields[name];
    if (value && value.length <= 2000) kept[name] = value;
  }
  return kept;
}

/** Builds a POST handler for one form: `export const POST = formRoute({ ... })`. */
export function formRoute<Schema extends z.ZodType>(options: FormRouteOptions<Schema>): (request: NextRequest) => Promise<Response> {
  const keep = options.keep ?? ["request"];
  return async (request) => {
    let kept: Record<string, string> = {};
    try {
      const fields = await readFields(request);
      kept = keptFields(fields, keep);
      if (!verifyCsrf(request, fields[CSRF_FIELD], request.cookies.get(csrfCookieName())?.value)) {
        throw new AccountError("forbidden");
      }
      const input = options.schema.parse(fields);
      const context: FormContext = {
        request,
        database: await openDatabase(),
        client: requestContext(request.headers),
        cookie: (name) => request.cookies.get(name)?.value,
        pageLocale: formPageLocale(request),
      };
      const result = await options.handle(input, context);
      if (wantsJson(request)) {
        return setCookies(NextResponse.json(result.json ?? { redirect_to: result.redirectTo }, { status: 200, headers: noStore() }), result.cookies);
      }
      return seeOther(result.redirectTo, result.cookies);
    } catch (error) {
      return renderFailure(request, toFailure(error, request), options.formPath, kept);
    }
  };
}
