import "server-only";
import type { Database } from "../db/database.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { consumeChallenge } from "./challenges.ts";
import { defaultPasskeyName } from "./default-passkey-name.ts";
import { PASSKEY_VIEW_SELECT, passkeyView } from "./passkey-view.ts";
import { MAX_PASSKEYS, type CreatePasskeyBody, type PasskeyView } from "./schemas.ts";
import { NO_SESSION, PASSKEY_LIMIT_REACHED } from "./start-passkey-registration.ts";
import { lockAccount } from "../users/account-lock.ts";
import { verifyNewPasskey } from "./verify-new-passkey.ts";

export const NO_WAITING_CHALLENGE = "there is no passkey registration waiting for this answer (it expired or was already answered); start again with POST /api/v1/users/me/passkeys/registration-options";
export const ALREADY_REGISTERED = "this passkey is already registered";

/**
 * Step 2 of adding a passkey: the browser's answer to the waiting challenge of this session (taken, so it
 * is answered once), checked by SimpleWebAuthn against our origin and relying party id with user
 * verification required, then stored: credential id, COSE public key, counter, transports, device type,
 * backup state, AAGUID and the member's name for it. A credential id already registered, on any account,
 * is refused (without saying whose). The member is told by email, and the security log says it.
 */
export async function finishPasskeyRegistration(
  database: Database,
  input: { userId: string; sessionId: string | null; body: CreatePasskeyBody; context: RequestContext },
  now = new Date(),
): Promise<PasskeyView> {
  if (!input.sessionId) throw new IdentityError("forbidden", NO_SESSION);
  const waiting = await consumeChallenge(database, { purpose: "registration", binding: input.sessionId }, now);
  if (!waiting || waiting.userId !== input.userId) throw new IdentityError("invalid_request", NO_WAITING_CHALLENGE);

  const passkey = await verifyNewPasskey(waiting.challenge, input.body);
  const { credentialId } = passkey;
  const name = input.body.name ?? defaultPasskeyName(input.context.userAgent);

  let created;
  try {
    created = await database.transaction(async (tx) => {
      if ((await tx.prisma.passkey.findUnique({ where: { credentialId }, select: { id: true } })) !== null) throw new IdentityError("conflict", ALREADY_REGISTERED);
      // Serialises this member's additions, so two racing answers cannot pass the limit together.
      await lockAccount(tx, input.userId);
      if ((await tx.prisma.passkey.count({ where: { userId: input.userId } })) >= MAX_PASSKEYS) throw new IdentityError("conflict", PASSKEY_LIMIT_REACHED);
      const row = await tx.prisma.passkey.create({
        data: { ...passkey, userId: input.userId, name, createdAt: now },
        select: PASSKEY_VIEW_SELECT,
      });
      await recordSecurityEvent(tx, { userId: input.userId, type: "passkey_added", context: input.context, detail: { name } });
      const notice = await enqueueSecurityNotice(tx, { userId: input.userId, kind: "passkey_added", context: input.context, facts: { name }, now });
      return { row, notice };
    });
  } catch (error) {
    // Registered meanwhile by another request: the unique index said so.
    if (isUniqueViolation(error)) throw new IdentityError("conflict", ALREADY_REGISTERED);
    throw error;
  }
  return passkeyView(created.row);
}
