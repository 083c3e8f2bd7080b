import "server-only";
import { verifyAuthenticationResponse, type VerifiedAuthenticationResponse } from "@simplewebauthn/server";
import { AccountError, type AccountErrorKind } from "../accounts/errors.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { ipFailureKey } from "../limits/keys.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import type { AuthenticationMethod } from "../sessions/create-session.ts";
import type { PasskeyAssertion } from "./assertion-schema.ts";
import { consumeChallenge } from "./challenges.ts";
import { passkeyAmr } from "./passkey-amr.ts";
import { relyingParty } from "./relying-party.ts";
import { userHandleBase64url } from "./user-handle.ts";

export interface VerifiedPasskeySignIn {
  userId: string;
  passkeyId: string;
  passkeyName: string;
  amr: AuthenticationMethod[];
}

interface StoredPasskey {
  id: string;
  user_id: string;
  public_key: Uint8Array;
  sign_count: string;
  transports: string[] | null;
  device_type: string;
  name: string;
}

/**
 * Checks a passkey's answer to this browser's challenge (WebAuthn Level 3, 7.2), for a sign-in or, with
 * `userId`, as the second factor of that member's half-finished sign-in:
 * the challenge is taken (single use) by the browser's binding; the credential must be registered (to that
 * member, for a second factor) and its user handle, when sent, the owner's; the library checks the origin,
 * the relying party id, user presence and verification, and the signature. Then the counter, here, and only
 * on a signed answer (the library would judge it before the signature, letting anyone with a credential id
 * raise a false alarm): when either counter is non-zero, the new one must be above the stored one, else the
 * authenticator was cloned. The update is conditional on the stored counter, so two instances accepting the
 * same answer at once cannot both succeed. A credential whose device type changed is refused: no
 * authenticator can change it. Failures count against the caller's address like wrong passwords.
 */
export async function verifyPasskeySignIn(
  database: Database,
  input: { binding: string | null; assertion: PasskeyAssertion; context: RequestContext; userId?: string },
  now = new Date(),
): Promise<VerifiedPasskeySignIn> {
  // Taken up front in one statement (lib/limits/take-attempt.ts): it stays counted when the answer is refused.
  const attempt = await takeAttemptOrThrow(database, [ipFailureKey(input.context.ip)], now);

  const refuse = async (code: AccountErrorKind, logged?: { userId: string; reason: string; passkey?: string }): Promise<never> => {
    if (logged) {
      const detail = { reason: logged.reason, method: "passkey", ...(logged.passkey ? { passkey: logged.passkey } : {}) };
      await recordSecurityEvent(database, { userId: logged.userId, type: "sign_in_failed", context: input.context, detail });
    }
    if (attempt.retryAfterSeconds > 0) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
    throw new AccountError(code);
  };

  const challenge = input.binding ? await consumeChallenge(database, { purpose: "authentication", binding: input.binding }, now) : null;
  // A challenge of the other kind (a second factor's, answered on the sign-in page) is as good as none: the
  // browser starts again, and that costs it nothing.
  if (!challenge || (challenge.userId ?? undefined) !== input.userId) {
    await refundAttempt(database, attempt, { now });
    throw new AccountError("passkey_expired");
  }

  const [passkey] = await database.query<StoredPasskey>(
    `SELECT id, user_id, public_key, sign_count::text, transports, device_type, name FROM passkey WHERE credential_id = $1`,
    [input.assertion.id],
  );
  if (!passkey) return refuse("passkey_unknown");
  const owner = { userId: passkey.user_id, passkey: passkey.name };
  if (input.userId && passkey.user_id !== input.userId) return refuse("passkey_failed");
  const userHandle = input.assertion.response.userHandle;
  if (userHandle !== undefined && userHandle !== userHandleBase64url(passkey.user_id)) return refuse("passkey_failed", { ...owner, reason: "passkey" });

  const party = relyingParty();
  let verification: VerifiedAuthenticationResponse | null = null;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.assertion,
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      // Zero turns the library's own counter check off: ours follows, once the signature is known to be good.
      credential: { id: input.assertion.id, publicKey: new Uint8Array(passkey.public_key), counter: 0, transports: passkey.transports ?? [] },
      requireUserVerification: true,
    });
  } catch {
    verification = null;
  }
  if (!verification?.verified) return refuse("passkey_failed", { ...owner, reason: "passkey" });
  const { newCounter, credentialDeviceType, credentialBackedUp } = verification.authenticationInfo;
  if (credentialDeviceType !== passkey.device_type) return refuse("passkey_failed", { ...owner, reason: "passkey_device_type" });

  const stored = BigInt(passkey.sign_count);
  const counter = BigInt(newCounter);
  const cloned = (counter > 0n || stored > 0n) && counter <= stored;
  const updated = cloned
    ? []
    : await database.query<{ id: string }>(
        `UPDATE passkey SET sign_count = $2, backed_up = $3, last_used_at = $4
          WHERE id = $1 AND (sign_count < $2 OR ($2 = 0 AND sign_count = 0)) RETURNING id`,
        [passkey.id, counter.toString(), credentialBackedUp, now],
      );
  if (updated.length === 0) return refuse("passkey_cloned", { ...owner, reason: "passkey_counter" });
  await refundAttempt(database, attempt, { now });
  return { userId: passkey.user_id, passkeyId: passkey.id, passkeyName: passkey.name, amr: passkeyAmr(passkey.device_type) };
}
