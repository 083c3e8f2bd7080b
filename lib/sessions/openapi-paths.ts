import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { MemberSessionListSchema, RevokedOthersSchema, RevokedSessionSchema } from "./schemas.ts";

/** The OpenAPI entries of the member's sessions, spread into the document's paths by lib/openapi/document.ts. */

export const sessionPaths = {
  "/api/v1/sessions/me": {
    get: {
      tags: ["sessions"],
      operationId: "listMySessions",
      summary: "The member's signed-in sessions, the current one first",
      description: "Needs permission `sessions:read`. Device and browser are read from the User-Agent.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "Live sessions.", content: { "application/json": { schema: MemberSessionListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission sessions:read`."),
      },
    },
    delete: {
      tags: ["sessions"],
      operationId: "signOutOtherSessions",
      summary: "Sign out of every session but the current one",
      description: "Needs permission `sessions:write`. Their tokens stop working at once; their refresh tokens are dead.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "How many sessions were signed out.", content: { "application/json": { schema: RevokedOthersSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission sessions:write`."),
      },
    },
  },
  "/api/v1/sessions/me/{id}": {
    delete: {
      tags: ["sessions"],
      operationId: "signOutSession",
      summary: "Sign one session out",
      description: "Needs permission `sessions:write`. Its tokens stop working on /api/v1 at once and its refresh tokens are dead.",
      security: [{ bearer: [] }],
      requestParams: { path: z.object({ id: z.string().meta({ description: "The session id (UUID), the `sid` of its tokens." }) }) },
      responses: {
        "200": { description: "The session, signed out.", content: { "application/json": { schema: RevokedSessionSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission sessions:write`."),
        "404": identityError("`not_found`: no live session of this member with that id."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
