import "server-only";
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { Database } from "../db/database.ts";
import { CEREMONY_TIMEOUT_MS, issueChallenge } from "./challenges.ts";
import { relyingParty } from "./relying-party.ts";

/**
 * The options of a passkey sign-in (WebAuthn `navigator.credentials.get`), with a fresh challenge bound to
 * the browser. Without a member (the sign-in page) no credentials are listed: the authenticator offers the
 * discoverable passkeys it holds for us, so the page learns nothing about who has one. For the second factor
 * (`userId`, after a password) only that member's passkeys are allowed.
 */
export async function startPasskeySignIn(
  database: Database,
  input: { binding: string; userId?: string },
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = input.userId
    ? (
        await database.query<{ credential_id: string; transports: string[] | null }>(
          `SELECT credential_id, transports FROM passkey WHERE user_id = $1 ORDER BY created_at`,
          [input.userId],
        )
      ).map((row) => ({ id: row.credential_id, transports: row.transports ?? [] }))
    : [];
  const { challenge } = await issueChallenge(database, { purpose: "authentication", binding: input.binding, userId: input.userId }, now);
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    challenge: Buffer.from(challenge, "base64url"),
    allowCredentials,
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT_MS,
  });
}
