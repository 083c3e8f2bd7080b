import { z } from "zod";
import { identityError, invalidTokenResponse } from "./responses.ts";

/**
 * How the OpenAPI document describes an operation of the staff management API under /api/v1/admin
 * (docs/decisions/0017): its permission, its list and body refusals, and its path ids. Each domain's
 * `endpoints.ts` describes its own staff routes with these.
 */

export const LIST_400 = identityError("`invalid_request` naming the parameter, e.g. `per: must be a whole number from 1 to 100`, `sort: must be one of …`, or an unknown one.");
export const BODY_400 = (extra = "") => identityError(`\`invalid_request\` naming the field: malformed JSON, a wrong type or value, an unknown field${extra}.`);

export function staffOperation(
  permission: string,
  operationId: string,
  summary: string,
  description: string,
  responses: Record<string, unknown>,
  extra: { query?: z.ZodObject; path?: z.ZodObject; body?: z.ZodType; /** More refusals of the 403, after the route's permission. */ forbidden?: string } = {},
) {
  return {
    tags: ["admin"],
    operationId,
    summary,
    description: `Needs permission \`${permission}\`. ${description}`.trim(),
    security: [{ bearer: [] }],
    ...((extra.query || extra.path) && { requestParams: { ...(extra.query && { query: extra.query }), ...(extra.path && { path: extra.path }) } }),
    ...(extra.body && { requestBody: { content: { "application/json": { schema: extra.body } } } }),
    responses: { ...responses, "401": invalidTokenResponse, "403": identityError(`Or \`missing permission ${permission}\`: the member's roles lack it.${extra.forbidden ? ` ${extra.forbidden}` : ""}`) },
  };
}

export const idPath = (what: string) => z.object({ id: z.string().meta({ description: what }) });
