import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";
import type { AreaScope } from "../oauth/scopes.ts";
import { identityError, invalidTokenResponse, jsonResponse } from "./responses.ts";

/**
 * One definition per endpoint (docs/decisions/0032): what a route is, written once, beside its domain's
 * services (`lib/<domain>/endpoints.ts`), pure so pages may import it too. Everything else is derived from it:
 * the route handler and its 405s (lib/http/endpoint-route.ts), the OpenAPI operation (operationOf, here),
 * the scope table (lib/openapi/route-scopes.ts), the hostile-input proof's route table (scripts/proofs/fuzz.ts)
 * and the typed clients of the portal and the kiosk (lib/portal-api). A route file only binds a definition to
 * its handler; a test reads the disk to hold every route file to that.
 *
 * Modelled on ts-rest and zod-openapi contracts: the path is a template (`/api/v1/admin/users/{id}`) whose
 * parameters the handler and the clients receive typed; the success answer's schema types what the handler
 * returns and what a client gets, so a wrong schema does not compile.
 */

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** `/api/v1/admin/users/{id}/roles` → `"id"`. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;
/** A path's parameters, as the route receives them (strings, unchecked: each service judges its own ids). */
export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string };

/**
 * Who may call it, checked by the identity wrapper on every call (lib/http/identity.ts; docs/decisions/0018):
 * - `member`: a member's access token holding the area's `scope` (`null`: any member token, the handler
 *   releasing no more than its scopes allow), and the caller's roles holding `permission`;
 * - `staff`: the `staff` scope of a first-party client, a sign-in with a second factor, and `permission`.
 * `recentSignIn: true` (a member's or staff's) is a sensitive change the wrapper holds to a sign-in of the last few minutes;
 * `"deletion"` and `"elevated-account"` are checked by the service (only for a deletion request, only when
 * the account acted on is powerful) and said here for the documentation.
 * - `public`: no token at all (the system routes, for load balancers and monitors).
 */
export type EndpointAccess =
  | { kind: "member"; scope: AreaScope | null; permission?: string; recentSignIn?: true | "deletion" }
  | { kind: "staff"; permission: string; recentSignIn?: true | "elevated-account" }
  | { kind: "public" };

/**
 * The answer of a call that went through: its status, its words, and its JSON body's schema (none for 204, or
 * for a file, whose media type it names and whose Response the handler makes).
 */
export type SuccessStatus = 200 | 201 | 202 | 204;

export interface EndpointSuccess<Schema extends z.ZodType | undefined = z.ZodType | undefined> {
  status: SuccessStatus;
  description: string;
  schema: Schema;
  file?: string;
  /** Headers the answer carries that a client may read, by name, in words (a download's `Content-Disposition`). */
  headers?: Record<string, string>;
  /**
   * Other statuses the same body may be answered with, in words (`200` where the change had been made
   * already); the handler answers them with `answerWith` (lib/http/endpoint-route.ts).
   */
  also?: Partial<Record<SuccessStatus, string>>;
}


/** A refusal the endpoint may answer besides the ones every call may (401, 403, 503): its description, or a whole OpenAPI response. */
export type Refusal = string | ZodOpenApiResponseObject;

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Success extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  path: Path;
  operationId: string;
  summary: string;
  /** Omitted only where the summary says it all. */
  description?: string;
  tags: readonly string[];
  access: EndpointAccess;
  /** Each path parameter, in words. */
  params?: { [Name in PathParamNames<Path>]: string };
  /** Read and checked by the wrapper; `invalid_request` naming the parameter otherwise. */
  query?: Query;
  /** A JSON object read and checked by the wrapper; `invalid_request` naming the field otherwise. */
  body?: Body;
  /** The body's largest size in bytes, where it may pass the API's usual 64 KiB (an image sent as a data URL). */
  maxBodyBytes?: number;
  success: EndpointSuccess<Success>;
  /**
   * The refusals of its own, by status: `400`, `404`, `409`, `429` …; `403` adds to the permission's refusal.
   * What every operation may answer (401, the scope's 403, a step-up's 401, 503) is added for it; a `503` of its
   * own (the readiness check's) replaces the outage's.
   */
  refusals?: Partial<Record<"400" | "403" | "404" | "409" | "410" | "413" | "422" | "429" | "503", Refusal>>;
  /**
   * Served by `npm start`'s server before Next's router, with the route's own handler (server/main.ts): a
   * lobby's Sunday burst. Only for a path without parameters; server/main.ts registers exactly these.
   */
  fastPath?: true;
}

/** Keeps the literal types of a definition (its path, its schemas), so routes and clients infer from it. */
export function defineEndpoint<
  const Method extends HttpMethod,
  const Path extends string,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Success extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<Method, Path, Query, Body, Success>): Endpoint<Method, Path, Query, Body, Success> {
  return endpoint;
}

/** What the success answer's body is, for the handler that returns it and the client that reads it. */
export type SuccessOf<E> = E extends Endpoint<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, infer Success> ? (Success extends z.ZodType ? z.output<Success> : null) : never;
/** What the handler receives of the query and the body, checked. */
export type QueryOf<E> = E extends Endpoint<HttpMethod, string, infer Query> ? (Query extends z.ZodType ? z.output<Query> : undefined) : never;
export type BodyOf<E> = E extends Endpoint<HttpMethod, string, z.ZodType | undefined, infer Body> ? (Body extends z.ZodType ? z.output<Body> : undefined) : never;
/** What a client sends in the body. */
export type BodyInputOf<E> = E extends Endpoint<HttpMethod, string, z.ZodType | undefined, infer Body> ? (Body extends z.ZodType ? z.input<Body> : undefined) : never;
export type ParamsOf<E> = E extends Endpoint<HttpMethod, infer Path> ? PathParams<Path> : never;

/** The path with its parameters filled in, each percent-encoded. */
export function fillPath<Path extends string>(path: Path, params: PathParams<Path>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ""));
}

/** `METHOD /path`, as the scope table and the proofs name an operation. */
export function operationKey(endpoint: Pick<Endpoint, "method" | "path">): string {
  return `${endpoint.method} ${endpoint.path}`;
}

const asResponse = (refusal: Refusal): ZodOpenApiResponseObject => (typeof refusal === "string" ? identityError(refusal) : refusal);

/**
 * The endpoint's OpenAPI operation. lib/openapi/document.ts adds what every operation has: the scope's 403 and
 * security requirement, the step-up's 401 and the 503 of an outage.
 */
export function operationOf(endpoint: Endpoint): ZodOpenApiOperationObject {
  const { access, refusals = {} } = endpoint;
  const permission = access.kind === "public" ? undefined : access.permission;
  const extraForbidden = refusals["403"] === undefined ? "" : ` ${typeof refusals["403"] === "string" ? refusals["403"] : (refusals["403"].description ?? "")}`;
  const forbidden =
    access.kind === "staff"
      ? `Or \`missing permission ${access.permission}\`: the member's roles lack it.${extraForbidden}`
      : permission
        ? `\`forbidden\`: \`missing permission ${permission}\`.${extraForbidden}`
        : extraForbidden.trim();
  const { schema: successSchema, also = {} } = endpoint.success;
  const otherSuccesses = Object.fromEntries(Object.entries(also).map(([status, words]) => [status, successSchema ? jsonResponse(words, successSchema) : { description: words }]));
  const own = Object.fromEntries(Object.entries(refusals).flatMap(([status, refusal]) => (status === "403" || refusal === undefined ? [] : [[status, asResponse(refusal)]])));
  const params = endpoint.params as Record<string, string> | undefined;
  const successHeaders = endpoint.success.headers && {
    headers: Object.fromEntries(Object.entries(endpoint.success.headers).map(([name, words]) => [name, { description: words, schema: { type: "string" as const } }])),
  };
  const description = access.kind === "staff" ? `Needs permission \`${access.permission}\`. ${endpoint.description ?? ""}`.trim() : endpoint.description;
  return {
    tags: [...endpoint.tags],
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(description !== undefined && { description }),
    ...(access.kind === "public" ? {} : { security: [{ bearer: [] }] }),
    ...((params || endpoint.query) && {
      requestParams: {
        ...(params && { path: z.object(Object.fromEntries(Object.entries(params).map(([name, words]) => [name, z.string().meta({ description: words })]))) }),
        ...(endpoint.query && { query: endpoint.query as z.ZodObject }),
      },
    }),
    ...(endpoint.body && { requestBody: { content: { "application/json": { schema: endpoint.body } } } }),
    responses: {
      [String(endpoint.success.status)]: {
        ...(endpoint.success.schema
          ? jsonResponse(endpoint.success.description, endpoint.success.schema)
          : endpoint.success.file
            ? { description: endpoint.success.description, content: { [endpoint.success.file]: { schema: z.string() } } }
            : { description: endpoint.success.description }),
        ...successHeaders,
      },
      ...otherSuccesses,
      ...own,
      ...(access.kind === "public" ? {} : { "401": invalidTokenResponse }),
      ...(forbidden ? { "403": identityError(forbidden) } : {}),
    },
  };
}
