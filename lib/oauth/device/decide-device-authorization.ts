import "server-only";
import { randomUUID } from "node:crypto";
import { AccountError } from "../../accounts/errors.ts";
import { grantConsent } from "../../consents/grant-consent.ts";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import type { RequestContext } from "../../kernel/request-context.ts";
import { SESSION_POLICY_SQL } from "../../sessions/create-session.ts";
import { KIOSK_IDLE_SECONDS } from "../../sessions/session-lifetimes.ts";
import { parseScope } from "../scopes.ts";
import { securityEventsFrom } from "../../security-log/record-security-event.ts";

export interface DeviceDecision {
  requestId: string;
  /** The member's browser session that typed the code and now answers. */
  session: { id: string; userId: string; authTime: Date; amr: string[] };
  decision: "allow" | "deny";
  context: RequestContext;
}

/**
 * The member's answer on /device (RFC 8628 3.3), for the request this session typed the code of, once.
 * "Allow" starts the device's own session: it has the member's sign-in (auth_time, amr), the device's
 * address and User-Agent, and a session token nobody holds, so it appears in the member's sessions list
 * under the app's name and ends there, or with the account, like any other. For an app not run by the
 * church the answer is also the member's consent, recorded as the consent screen records it. The device
 * gets its tokens on its next poll (lib/oauth/token/device-code-grant.ts). A check-in kiosk's session (its
 * client bound to a campus) is idle for at most KIOSK_IDLE_SECONDS, however long the member's would be.
 * Raw: a locked read, a two-table insert and a conditional update in one transaction (docs/decisions/0019, reason 2).
 */
export async function decideDeviceAuthorization(database: Database, input: DeviceDecision): Promise<void> {
  await database.transaction(async (tx) => {
    const [request] = await tx.query<{ client_id: string; scope: string; ip: string | null; user_agent: string | null; first_party: boolean; kiosk: boolean }>(
      `SELECT d.client_id, d.scope, d.ip, d.user_agent, c.first_party, c.check_in_campus_id IS NOT NULL AS kiosk
         FROM device_authorization d JOIN client c ON c.id = d.client_id
        WHERE d.id = $1::uuid AND d.reviewing_session_id = $2::uuid AND d.status = 'pending' AND d.expires_at > now() AND c.disabled_at IS NULL
          FOR UPDATE OF d`,
      [input.requestId, input.session.id],
    );
    if (!request) throw new AccountError("device_request_expired");
    if (input.decision === "deny") {
      await tx.query(`UPDATE device_authorization SET status = 'denied', user_id = $2::uuid, decided_at = now() WHERE id = $1::uuid`, [input.requestId, input.session.userId]);
      return;
    }
    const sessionId = randomUUID();
    const [started] = await tx.query<{ id: string }>(
      `WITH policy AS (${SESSION_POLICY_SQL}),
       started AS (
         INSERT INTO session (id, user_id, token_hash, auth_time, amr, ip, user_agent, device_client_id, created_at, last_seen_at, expires_at, idle_timeout_seconds)
         SELECT $2::uuid, $1, $3, $4, $5, $6, $7, $8, now(), now(), now() + make_interval(secs => policy.absolute_seconds),
                LEAST(policy.idle_seconds, COALESCE($12::int, policy.idle_seconds))
           FROM account, policy WHERE account.id = $1 AND account.disabled_at IS NULL
         RETURNING id
       ), logged AS (${securityEventsFrom({ from: "started", userId: "$1", type: "sign_in", ip: "$9", userAgent: "$10", detail: "$11::jsonb" })})
       SELECT id FROM started`,
      [
        input.session.userId,
        sessionId,
        hashToken(randomToken()),
        input.session.authTime,
        input.session.amr,
        request.ip,
        request.user_agent,
        request.client_id,
        input.context.ip,
        input.context.userAgent,
        JSON.stringify({ method: "device_code", client_id: request.client_id, session_id: sessionId }),
        request.kiosk ? KIOSK_IDLE_SECONDS : null,
      ],
    );
    if (!started) throw new AccountError("account_disabled");
    if (!request.first_party) {
      await grantConsent(tx, { userId: input.session.userId, clientId: request.client_id, scopes: parseScope(request.scope), context: input.context });
    }
    await tx.query(
      `UPDATE device_authorization SET status = 'approved', user_id = $2::uuid, session_id = $3::uuid, decided_at = now() WHERE id = $1::uuid`,
      [input.requestId, input.session.userId, sessionId],
    );
  });
}
