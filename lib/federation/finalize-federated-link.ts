import "server-only";
import { maskEmail } from "../contacts/mask-contact.ts";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, tooManyRequests } from "../identity/errors.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { attemptKey, ipFailureKey } from "../limits/keys.ts";
import { ACCOUNT_POLICY } from "../limits/policies.ts";
import { refundAttempt, takeAttempt } from "../limits/take-attempt.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { LINK_CODE_REFUSED, type FederatedLinkResult } from "./schemas.ts";

/** Wrong link codes presented by one member, across every attempt: 5 free, then growing delays. */
export function linkCodeUserKey(userId: string) {
  return attemptKey("federated-link:user", userId, ACCOUNT_POLICY);
}

/**
 * POST /oauth/federated/link/finalize (decisions.md part 3). The code is taken only when it is live and
 * was issued to the caller: it is deleted and the identity linked in one transaction, so it works once.
 * Every refused code (unknown, expired, used, or issued to another member) is the same `invalid_request`,
 * counts against the caller and their IP, and changes nothing: another member's code stays usable by its
 * owner. An identity linked meanwhile to someone else is a `conflict`; to the caller already, the same 200.
 */
export async function finalizeFederatedLink(
  database: Database,
  input: { userId: string; code: string; context: RequestContext },
  now = new Date(),
): Promise<FederatedLinkResult> {
  const userKey = linkCodeUserKey(input.userId);
  const ipKey = ipFailureKey(input.context.ip);
  // Taken up front in one statement (lib/limits/take-attempt.ts); given back unless the code is refused.
  const decision = await takeAttempt(database, [userKey, ipKey], now);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  const { attempt } = decision;

  const outcome = await database.transaction(async (tx) => {
    // Raw: the code is taken (deleted) with its provider's name in one statement, so it works once
    // (docs/decisions/0019, reason 1).
    const [code] = await tx.query<{ provider_id: string; provider_name: string; issuer: string; subject: string; email: string | null }>(
      `DELETE FROM federated_link_code c USING federation_provider p
        WHERE c.code_hash = $1::text AND c.user_id = $2::uuid AND c.expires_at > $3::timestamptz AND p.id = c.provider_id
        RETURNING c.provider_id, p.display_name AS provider_name, c.issuer, c.subject, c.email`,
      [hashToken(input.code), input.userId, now],
    );
    if (!code) return null;
    // Raw: an insert that gives way to an identity linked meanwhile (docs/decisions/0019, reason 2).
    const [inserted] = await tx.query<{ linked_at: Date }>(
      `INSERT INTO federated_identity (user_id, provider_id, issuer, subject, email, linked_at)
       VALUES ($1::uuid, $2::text, $3::text, $4::text, $5::text, $6::timestamptz)
       ON CONFLICT (issuer, subject) DO NOTHING
       RETURNING linked_at`,
      [input.userId, code.provider_id, code.issuer, code.subject, code.email, now],
    );
    if (inserted) {
      await recordSecurityEvent(tx, {
        userId: input.userId,
        type: "federated_identity_linked",
        context: input.context,
        detail: { provider: code.provider_id, provider_name: code.provider_name, ...(code.email ? { email: maskEmail(code.email) } : {}) },
      });
      const notice = await enqueueSecurityNotice(tx, { userId: input.userId, kind: "identity_linked", context: input.context, facts: { name: code.provider_name }, now });
      return { provider: code.provider_id, linkedAt: inserted.linked_at, notice };
    }
    const existing = await tx.prisma.federatedIdentity.findUnique({
      where: { issuer_subject: { issuer: code.issuer, subject: code.subject } },
      select: { userId: true, linkedAt: true },
    });
    if (existing?.userId === input.userId) return { provider: code.provider_id, linkedAt: existing.linkedAt };
    return { conflict: true as const };
  });

  if (!outcome) {
    if (attempt.retryAfterSeconds > 0) throw tooManyRequests(attempt.retryAfterSeconds);
    throw new IdentityError("invalid_request", LINK_CODE_REFUSED);
  }
  await clearAttempts(database, userKey);
  await refundAttempt(database, attempt, { keys: [ipKey], now });
  if ("conflict" in outcome) throw new IdentityError("conflict", "this external identity is already linked to another account");
  return { status: "linked", provider: outcome.provider, linked_at: new Date(outcome.linkedAt).toISOString() };
}
