import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityErrorSchema } from "../identity/schemas.ts";
import { SystemHealthSchema, SystemReadySchema, SystemVersionSchema } from "./schemas.ts";

/**
 * The OpenAPI entries of the system routes (docs/decisions/0015-system-routes-and-hardening.md), spread into
 * the document's paths by lib/openapi/document.ts.
 */
const requestIdHeader = {
  "X-Request-Id": { description: "The request's id, as written in the server's log lines.", schema: { type: "string" as const } },
};

export const systemPaths = {
  "/api/v1/system/health": {
    get: {
      tags: ["system"],
      operationId: "getSystemHealth",
      summary: "Liveness: the process answers",
      description: "Answers without touching the database, so an orchestrator restarts the process only when the process itself is stuck.",
      responses: {
        "200": { description: "The process answers.", headers: requestIdHeader, content: { "application/json": { schema: SystemHealthSchema } } },
      },
    },
  },
  "/api/v1/system/ready": {
    get: {
      tags: ["system"],
      operationId: "getSystemReadiness",
      summary: "Readiness: the database answers and its migrations are current",
      description:
        "200 when the database answers within 2 seconds and every migration shipped with this build is applied (a database ahead of the " +
        "build, during a rolling deploy, is ready). Otherwise 503 `service_unavailable` with `Retry-After`: send no traffic here yet. " +
        "`GET /api/health` runs the same check and answers `{status: \"ok\"}` or 503 `{status: \"unavailable\"}`.",
      responses: {
        "200": { description: "Ready for traffic.", headers: requestIdHeader, content: { "application/json": { schema: SystemReadySchema } } },
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
    },
  },
  "/api/v1/system/version": {
    get: {
      tags: ["system"],
      operationId: "getSystemVersion",
      summary: "What is running: version, commit, build time, Node.js",
      responses: {
        "200": { description: "The running build.", headers: requestIdHeader, content: { "application/json": { schema: SystemVersionSchema } } },
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
