import "server-only";
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { attemptKey, type AttemptKey } from "../limits/keys.ts";
import type { AttemptPolicy } from "../limits/policies.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { CEREMONY_TIMEOUT_MS, deleteExpiredChallenges, issueChallenge } from "./challenges.ts";
import { relyingParty } from "./relying-party.ts";

/**
 * New passkey challenges (a browser without a challenge cookie) from one IP address. Every sign-in page a new
 * browser opens asks for one (the passkeys offered in the email field's autofill), so a church's guest Wi-Fi
 * asks for a few hundred on a Sunday morning, and the count only starts again after 15 quiet minutes: 500
 * free, then each waits 5 s, 10 s, … at most 15 minutes, so one machine cannot fill the table with rows. Past
 * the limit the sign-in page stays quiet about it (the password still works; the passkey button says why).
 */
export const PASSKEY_CHALLENGE_IP_POLICY: AttemptPolicy = { freeFailures: 500, baseDelaySeconds: 5, maxDelaySeconds: 15 * 60, windowSeconds: 15 * 60 };

/** The counter of new challenges from one address; none when the address is unknown (no bucket shared by every unknown caller). */
export function passkeyChallengeIpKey(ip: string | null): AttemptKey | null {
  return ip ? attemptKey("passkey-challenge:ip", ip, PASSKEY_CHALLENGE_IP_POLICY) : null;
}

/**
 * The options of a passkey sign-in (WebAuthn `navigator.credentials.get`), with a fresh challenge bound to
 * the browser. Without a member (the sign-in page) no credentials are listed: the authenticator offers the
 * discoverable passkeys it holds for us, so the page learns nothing about who has one. For the second factor
 * (`userId`, after a password) only that member's passkeys are allowed.
 *
 * A browser that already holds a binding replaces its waiting challenge; one without (`newBinding`) adds a
 * row, so those are limited per address (PASSKEY_CHALLENGE_IP_POLICY, counted and checked in one statement)
 * and each clears a few expired rows of anyone's on its way (the daily clean-up clears the rest), so the
 * table holds little more than the challenges of the last five minutes.
 */
export async function startPasskeySignIn(
  database: Database,
  input: { binding: string; newBinding: boolean; userId?: string; context: RequestContext },
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  if (input.newBinding) {
    await takeAttemptOrThrow(database, [passkeyChallengeIpKey(input.context.ip)], now);
    await deleteExpiredChallenges(database, now);
  }
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
