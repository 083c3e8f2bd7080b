import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { consumeChallenge } from "../passkeys/challenges.ts";
import type { CreatePasskeyBody } from "../passkeys/schemas.ts";
import { verifyNewPasskey, type NewPasskey } from "../passkeys/verify-new-passkey.ts";

/**
 * An invitation accepted with a passkey instead of a password (issue 40): the account does not exist yet, so
 * its id is chosen when the options are asked for and kept with the challenge; the challenge is bound to the
 * invitation's token (the browser's only secret here), so only the page that holds the link can answer it,
 * once. Accepting then makes the account with that id and the verified passkey (accept-invitation.ts).
 */
export const HAS_ACCOUNT = "you already have an account with this address: enter its password to link it";
const NO_WAITING_PASSKEY = "there is no passkey waiting for this invitation (it expired or was already used); start again";

/** The challenge of an invitation is bound to its token. */
export const invitationBinding = (token: string) => `invitation\n${token}`;

/** The passkey the browser made for this invitation, checked, with the account id its options promised. */
export async function takeInvitationPasskey(database: Database, token: string, body: CreatePasskeyBody, now: Date): Promise<{ accountId: string; passkey: NewPasskey }> {
  const waiting = await consumeChallenge(database, { purpose: "registration", binding: invitationBinding(token) }, now);
  if (!waiting?.userId) throw new IdentityError("invalid_request", NO_WAITING_PASSKEY);
  return { accountId: waiting.userId, passkey: await verifyNewPasskey(waiting.challenge, body) };
}
