import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";

/** The id a route was given, when it can be one; anything else is an invitation that does not exist. */
export function requireInvitationId(id: string): string {
  if (!isUuid(id)) throw notFound("invitation");
  return id;
}
