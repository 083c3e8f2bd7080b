import "server-only";
import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { readChurch } from "../church-settings/church.ts";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { CEREMONY_TIMEOUT_MS, issueChallenge } from "./challenges.ts";
import { relyingParty } from "./relying-party.ts";
import { MAX_PASSKEYS } from "./schemas.ts";
import { userHandleOf } from "./user-handle.ts";

export const PASSKEY_LIMIT_REACHED = `you already have ${MAX_PASSKEYS} passkeys, the most an account may have; remove one you no longer use first`;
export const NO_SESSION = "adding a passkey needs a token from a signed-in session";

/**
 * Step 1 of adding a passkey (docs/decisions/0021): the options for navigator.credentials.create, with a
 * challenge bound to the member's signed-in session. A discoverable credential with user verification is
 * required, attestation is `none`, and the member's existing passkeys are excluded, so an authenticator
 * that already holds one says so instead of making a second. The user handle is the account id's bytes
 * (./user-handle.ts); the name shown in the authenticator is the member's email, then their name.
 */
export async function startPasskeyRegistration(database: Database, input: { userId: string; sessionId: string | null }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if (!input.sessionId) throw new IdentityError("forbidden", NO_SESSION);
  const member = await database.prisma.user.findUnique({
    where: { id: input.userId },
    select: { email: true, givenName: true, familyName: true, passkeys: { select: { credentialId: true, transports: true }, orderBy: { createdAt: "asc" } } },
  });
  if (!member) throw notFound("account");
  if (!member.email) throw new IdentityError("conflict", "an account without an email address cannot have a passkey");
  if (member.passkeys.length >= MAX_PASSKEYS) throw new IdentityError("conflict", PASSKEY_LIMIT_REACHED);

  const { challenge } = await issueChallenge(database, { purpose: "registration", binding: input.sessionId, userId: input.userId });
  return creationOptions(database, { userId: input.userId, email: member.email, displayName: `${member.givenName} ${member.familyName}`.trim(), challenge, exclude: member.passkeys });
}

/**
 * The options for navigator.credentials.create: a discoverable credential with user verification, attestation
 * `none`, the user handle the account id's bytes (./user-handle.ts), the name shown the member's email and
 * then their name, and their existing passkeys excluded. Shared by adding a passkey and by an invitation
 * accepted with one (lib/invitations/invitation-passkey.ts), whose account does not exist yet.
 */
export async function creationOptions(
  database: Database,
  input: { userId: string; email: string; displayName: string; challenge: string; exclude: readonly { credentialId: string; transports: string[] }[] },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty();
  return generateRegistrationOptions({
    rpID: rp.id,
    rpName: (await readChurch(database)).name,
    userID: userHandleOf(input.userId),
    userName: input.email,
    userDisplayName: input.displayName || input.email,
    // The stored challenge is already base64url: handed over as its bytes, the options carry it unchanged.
    challenge: Buffer.from(input.challenge, "base64url"),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: input.exclude.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
}
