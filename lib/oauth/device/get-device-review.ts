import "server-only";
import type { Database } from "../../db/database.ts";
import { isUuid } from "../../identity/ids.ts";
import { describeUserAgent, type DeviceDescription } from "../../sessions/describe-user-agent.ts";
import { describeScopes, parseScope, type SupportedScope } from "../scopes.ts";

/** What /device shows before the member answers: which app, asking for what, from which device. */
export interface DeviceReview {
  id: string;
  clientName: string;
  firstParty: boolean;
  scopes: { scope: SupportedScope; description: string }[];
  /** The device as its request's User-Agent describes it, and its address. */
  device: DeviceDescription;
  ip: string | null;
  expiresAt: Date;
}

/** The waiting request this session typed the code of; null when it is another session's, answered, expired or its client disabled. */
export async function getDeviceReview(database: Database, requestId: string | undefined, sessionId: string): Promise<DeviceReview | null> {
  if (!requestId || !isUuid(requestId)) return null;
  const row = await database.prisma.deviceAuthorization.findFirst({
    where: { id: requestId, reviewingSessionId: sessionId, status: "pending", expiresAt: { gt: new Date() }, client: { disabledAt: null } },
    select: { id: true, scope: true, ip: true, userAgent: true, expiresAt: true, client: { select: { name: true, firstParty: true } } },
  });
  if (!row) return null;
  return {
    id: row.id,
    clientName: row.client.name,
    firstParty: row.client.firstParty,
    scopes: describeScopes(parseScope(row.scope)),
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    expiresAt: row.expiresAt,
  };
}
