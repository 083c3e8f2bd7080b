import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { RECENT_SIGN_IN_SECONDS } from "../oauth/config.ts";
import { SCOPE_RULES } from "../oauth/scopes.ts";
import { MAX_PER } from "../staff-lists/schemas.ts";
import { SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT } from "../users/staff-schemas.ts";
import { endpointPaths } from "./endpoints.ts";
import { calendarError, identityError } from "./responses.ts";
import { routeNeeds } from "./route-scopes.ts";

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with and answer
 * through, so it cannot drift from them. Each operation is defined once beside its domain's services
 * (`lib/<domain>/endpoints.ts`, docs/decisions/0032; the list is ./endpoints.ts); this module only puts them
 * in order, with the tags, and adds what every operation has: the 503 of a database outage and what it needs
 * of a token.
 */

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every operation may meet a database outage: 503 with Retry-After, in its surface's shape (decision 0016). */
const serviceUnavailable = {
  identity: {
    ...identityError("`service_unavailable`: the database is briefly unreachable; nothing was changed. Try again after Retry-After."),
    headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "string" as const } } },
  },
  calendar: {
    ...calendarError("The calendar is briefly unavailable (its database is unreachable); try again after Retry-After."),
    headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "string" as const } } },
  },
};

/**
 * The paths with `change` applied to each operation, as new objects: the domains' path objects are
 * module constants, so building the document twice must not change them.
 */
function eachOperation(paths: ZodOpenApiPathsObject, change: (operation: ZodOpenApiOperationObject, method: (typeof METHODS)[number], urlPath: string) => ZodOpenApiOperationObject): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([urlPath, item]) => {
      const changed = { ...item };
      for (const method of METHODS) {
        const operation = item?.[method];
        if (operation) changed[method] = change(operation, method, urlPath);
      }
      return [urlPath, changed];
    }),
  );
}

function withOutageAnswers(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  return eachOperation(paths, (operation, _method, urlPath) => {
    const answer = urlPath.startsWith("/api/calendar") ? serviceUnavailable.calendar : serviceUnavailable.identity;
    return operation.responses && !("503" in operation.responses) ? { ...operation, responses: { ...operation.responses, "503": answer } } : operation;
  });
}

/**
 * Every identity operation says what it needs of a token (lib/openapi/route-scopes.ts, docs/decisions/0018):
 * its scope in the security requirement, the 403 of a missing scope, and the 401 of a sign-in that is too old
 * or, on the staff API, lacks a second factor (RFC 9470).
 */
function withTokenNeeds(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  return eachOperation(paths, (operation, method, urlPath) => {
    const needs = routeNeeds(`${method.toUpperCase()} ${urlPath}`);
    if (!operation.responses || !needs) return operation;
    const responses = { ...operation.responses };
    if (needs.scope) {
      const permission = responses["403"] as { description?: string } | undefined;
      responses["403"] = {
        ...identityError(
          `\`forbidden\`: \`missing scope ${needs.scope}\` (with \`WWW-Authenticate: Bearer error="insufficient_scope", scope="${needs.scope}"\`) when the token's scopes, ` +
            `or what its client may hold, do not reach this area${SCOPE_RULES[needs.scope].thirdParty ? "" : " (account control and staff tools are for the church's own first-party apps only)"}. ` +
            (permission?.description ?? ""),
        ),
        headers: { "WWW-Authenticate": { description: 'Bearer error="insufficient_scope" (RFC 6750) for a missing scope', schema: { type: "string" as const } } },
      };
    }
    const stepUps = [
      ...(needs.scope === "staff" ? ["`staff tools need a sign-in with a second factor`"] : []),
      ...(needs.recentSignIn
        ? [
            needs.recentSignIn === "elevated-account"
              ? `\`${SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT}\` when the account holds a staff or volunteer permission and the sign-in is older than ${RECENT_SIGN_IN_SECONDS / 60} minutes (\`max_age=${RECENT_SIGN_IN_SECONDS}\` in the challenge)`
              : `\`sign in again to make this change\`${needs.recentSignIn === "deletion" ? " (a deletion request)" : ""} when the sign-in is older than ${RECENT_SIGN_IN_SECONDS / 60} minutes (\`max_age=${RECENT_SIGN_IN_SECONDS}\` in the challenge)`,
          ]
        : []),
    ];
    if (stepUps.length > 0) {
      const invalid = responses["401"] as { description?: string } | undefined;
      responses["401"] = {
        ...identityError(`${invalid?.description ?? ""} Or \`insufficient_user_authentication\` (RFC 9470, with WWW-Authenticate): ${stepUps.join("; ")}.`.trim()),
        headers: { "WWW-Authenticate": { description: 'Bearer error="invalid_token" or error="insufficient_user_authentication"', schema: { type: "string" as const } } },
      };
    }
    return { ...operation, security: [{ bearer: needs.scope ? [needs.scope] : [] }], responses };
  });
}

export function buildOpenApiDocument(options: { serverUrl: string; calendarUrl: string }) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Church identity and calendar API",
      version: "1.0.0",
      description:
        "The identity service (OAuth 2.0 / OpenID Connect and the /api/v1 self-service routes) and the public calendar service. " +
        "Calendar routes need no authentication, answer `Access-Control-Allow-Origin: *`, and fail with a CalendarError body. " +
        "A method a path does not list answers 405 with an `Allow` header, in the surface's error shape (`method_not_allowed` under /api/v1, a CalendarError under /api/calendar); " +
        "an unknown path under /api answers 404 the same way. When the database is unreachable, every operation answers 503 with `Retry-After` and changes nothing.",
    },
    servers: [{ url: options.serverUrl }],
    tags: [
      { name: "users", description: "The signed-in member (bearer access token from this issuer)." },
      { name: "consents-privacy", description: "Which apps may use which parts of the member's account." },
      { name: "sessions", description: "Where the member is signed in." },
      { name: "privacy", description: "A copy of everything kept about the member, and deleting their account." },
      { name: "security", description: "Two-factor authentication, and what happened to the member's account and from where." },
      { name: "recovery", description: "Recovery contacts that can receive a password-reset code, and the member's verified phone number." },
      { name: "membership", description: "Finding and claiming the member's own record in the church's membership register." },
      { name: "events", description: "Public calendar of church events (no authentication)." },
      { name: "family", description: "Households, their members and codes; guardians acting for their dependants." },
      { name: "check-in", description: "A member's check-in code, attendance and self check-in; the kiosk of a campus checking children in and out (docs/decisions/0023)." },
      { name: "registrations", description: "Signing the member and their household's children up for events, with capacity and a waitlist (docs/decisions/0024)." },
      {
        name: "federation",
        description:
          "Accounts at external OpenID Connect providers, configured by the church, that can sign the member in (“Continue with …”). " +
          "Linked only by the member's own confirmation (a one-time link code), never by matching an email address.",
      },
      {
        name: "system",
        description:
          "Health, readiness and version, for load balancers, orchestrators and monitors. No authentication; never cached. " +
          "Every answer of the service carries an `X-Request-Id` header (a well-formed one sent by a proxy is kept), also written on each of its log lines.",
      },
      {
        name: "admin",
        description:
          "Staff management: events, ministries, campuses, accounts, roles, clients, the membership register and link requests, families and guardianships. " +
          `Every route needs its own permission (from the caller's roles, checked on every call). Lists answer \`{ metadata: { total, page, per }, items }\`; ` +
          `\`page\` from 1, \`per\` 1 to ${MAX_PER} (default 20), \`q\` searches, \`sort\` takes a field or \`-field\`; any other parameter is \`invalid_request\`.`,
      },
    ],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT (RFC 9068, typ at+jwt), 10 minutes, from /oauth/token",
        },
        oidc: { type: "openIdConnect", openIdConnectUrl: `${options.serverUrl}/.well-known/openid-configuration` },
      },
    },
    // In this order: the document lists them so.
    paths: withTokenNeeds(
      withOutageAnswers(endpointPaths()),
    ),
    "x-calendar-base-url": options.calendarUrl,
  });
}
