import { IdentityError } from "../identity/errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id a route was given, when it can be one; anything else is an invitation that does not exist. */
export function requireInvitationId(id: string): string {
  if (!UUID.test(id)) throw new IdentityError("not_found", "invitation not found");
  return id;
}
