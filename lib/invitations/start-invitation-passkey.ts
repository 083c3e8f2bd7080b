import "server-only";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { issueChallenge } from "../passkeys/challenges.ts";
import { creationOptions } from "../passkeys/start-passkey-registration.ts";
import { checkInvitation } from "./accept-invitation.ts";
import { HAS_ACCOUNT, invitationBinding } from "./invitation-passkey.ts";

/** POST /api/v1/invitations/passkey-options: what the browser needs to make the new account's passkey. */
export async function startInvitationPasskey(database: Database, token: string, now = new Date()): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const person = await checkInvitation(database, token, now);
  if (person.has_account) throw new IdentityError("conflict", HAS_ACCOUNT);
  const accountId = globalThis.crypto.randomUUID();
  const { challenge } = await issueChallenge(database, { purpose: "registration", binding: invitationBinding(token), userId: accountId }, now);
  return creationOptions(database, { userId: accountId, email: person.email, displayName: `${person.given_name} ${person.family_name}`.trim(), challenge, exclude: [] });
}

