import { defineEndpoint } from "../openapi/endpoint.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { MemberSessionListSchema, RevokedOthersSchema, RevokedSessionSchema } from "./schemas.ts";

/** Where the member is signed in, and signing sessions out. */

const TAGS = ["sessions"] as const;
const member = (permission: "sessions:read" | "sessions:write") => ({ kind: "member" as const, scope: AREA_SCOPES.sessions, permission });

export const listMySessions = defineEndpoint({
  method: "GET",
  path: "/api/v1/sessions/me",
  operationId: "listMySessions",
  summary: "The member's signed-in sessions, the current one first",
  description: "Needs permission `sessions:read`. Device and browser are read from the User-Agent.",
  tags: TAGS,
  access: member("sessions:read"),
  success: { status: 200, description: "Live sessions.", schema: MemberSessionListSchema },
});

export const signOutOtherSessions = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/sessions/me",
  operationId: "signOutOtherSessions",
  summary: "Sign out of every session but the current one",
  description: "Needs permission `sessions:write`. Their tokens stop working at once; their refresh tokens are dead.",
  tags: TAGS,
  access: member("sessions:write"),
  success: { status: 200, description: "How many sessions were signed out.", schema: RevokedOthersSchema },
});

export const signOutSession = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/sessions/me/{id}",
  operationId: "signOutSession",
  summary: "Sign one session out",
  description: "Needs permission `sessions:write`. Its tokens stop working on /api/v1 at once and its refresh tokens are dead.",
  tags: TAGS,
  access: member("sessions:write"),
  params: { id: "The session id (UUID), the `sid` of its tokens." },
  success: { status: 200, description: "The session, signed out.", schema: RevokedSessionSchema },
  refusals: { "404": "`not_found`: no live session of this member with that id." },
});

/** In the order the OpenAPI document lists them. */
export const sessionEndpoints = [listMySessions, signOutOtherSessions, signOutSession];
