import "server-only";
import type { Database } from "../../db/database.ts";
import { isUuid } from "../../identity/ids.ts";
import { describeUserAgent, type DeviceDescription } from "../../sessions/describe-user-agent.ts";
import { isWithinAllowedNetworks } from "../clients/allowed-networks.ts";
import { describeScopes, parseScope, type SupportedScope } from "../scopes.ts";

/**
 * What /device shows before the member answers: which app, asking for what, from where. The User-Agent is
 * whatever the requester chose to send, so the page also shows what the requester cannot choose: the
 * address the request came from (the tablet's own, relayed by the kiosk page: lib/http/relayed-client.ts)
 * and, for a check-in kiosk, its campus and whether that address is one of the campus's networks.
 */
export interface DeviceReview {
  id: string;
  clientName: string;
  firstParty: boolean;
  scopes: { scope: SupportedScope; description: string }[];
  /** The device as its request's User-Agent describes it, and its address. */
  device: DeviceDescription;
  ip: string | null;
  /** A check-in kiosk's campus (its client's), or null for any other app. */
  campus: string | null;
  /** Whether the address is one of the client's networks; null when the client is not limited to any. */
  onAllowedNetwork: boolean | null;
  expiresAt: Date;
}

/** The waiting request this session typed the code of; null when it is another session's, answered, expired or its client disabled. */
export async function getDeviceReview(database: Database, requestId: string | undefined, sessionId: string): Promise<DeviceReview | null> {
  if (!requestId || !isUuid(requestId)) return null;
  const row = await database.prisma.deviceAuthorization.findFirst({
    where: { id: requestId, reviewingSessionId: sessionId, status: "pending", expiresAt: { gt: new Date() }, client: { disabledAt: null } },
    select: {
      id: true,
      scope: true,
      ip: true,
      userAgent: true,
      expiresAt: true,
      client: { select: { name: true, firstParty: true, allowedNetworks: true, checkInCampus: { select: { name: true } } } },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    clientName: row.client.name,
    firstParty: row.client.firstParty,
    scopes: describeScopes(parseScope(row.scope)),
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    campus: row.client.checkInCampus?.name ?? null,
    onAllowedNetwork: (row.client.allowedNetworks?.length ?? 0) === 0 ? null : isWithinAllowedNetworks(row.client.allowedNetworks, row.ip),
    expiresAt: row.expiresAt,
  };
}
