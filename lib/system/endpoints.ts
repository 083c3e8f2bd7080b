import { identityErrorSchema } from "../identity/schemas.ts";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { SystemHealthSchema, SystemReadySchema, SystemVersionSchema } from "./schemas.ts";

/** The system routes (docs/decisions/0015-system-routes-and-hardening.md): no token, for load balancers and monitors. */

const REQUEST_ID = "The request's id, as written in the server's log lines.";
const requestIdHeader = { "X-Request-Id": { description: REQUEST_ID, schema: { type: "string" as const } } };
const TAGS = ["system"] as const;
const PUBLIC = { kind: "public" as const };

export const getSystemHealth = defineEndpoint({
  method: "GET",
  path: "/api/v1/system/health",
  operationId: "getSystemHealth",
  summary: "Liveness: the process answers",
  description: "Answers without touching the database, so an orchestrator restarts the process only when the process itself is stuck.",
  tags: TAGS,
  access: PUBLIC,
  success: { status: 200, description: "The process answers.", schema: SystemHealthSchema, headers: { "X-Request-Id": REQUEST_ID } },
});

export const getSystemReadiness = defineEndpoint({
  method: "GET",
  path: "/api/v1/system/ready",
  operationId: "getSystemReadiness",
  summary: "Readiness: the database answers and its migrations are current",
  description:
    "200 when the database answers within 2 seconds and every migration shipped with this build is applied (a database ahead of the " +
    "build, during a rolling deploy, is ready). Otherwise 503 `service_unavailable` with `Retry-After`: send no traffic here yet. " +
    "`GET /api/health` runs the same check and answers `{status: \"ok\"}` or 503 `{status: \"unavailable\"}`.",
  tags: TAGS,
  access: PUBLIC,
  success: { status: 200, description: "Ready for traffic.", schema: SystemReadySchema, headers: { "X-Request-Id": REQUEST_ID } },
  refusals: {
    "503": {
      description:
        "`service_unavailable`: `the database does not answer`, or `database migrations are not current: …` (counts of failed, " +
        "not applied and changed migrations; run `npm run db:migrate`).",
      headers: {
        ...requestIdHeader,
        "Retry-After": { description: "Seconds before asking again.", schema: { type: "string" as const } },
      },
      content: { "application/json": { schema: identityErrorSchema } },
    },
  },
});

export const getSystemVersion = defineEndpoint({
  method: "GET",
  path: "/api/v1/system/version",
  operationId: "getSystemVersion",
  summary: "What is running: version, commit, build time, Node.js",
  tags: TAGS,
  access: PUBLIC,
  success: { status: 200, description: "The running build.", schema: SystemVersionSchema, headers: { "X-Request-Id": REQUEST_ID } },
});

/** In the order the OpenAPI document lists them. */
export const systemEndpoints = [getSystemHealth, getSystemReadiness, getSystemVersion];
