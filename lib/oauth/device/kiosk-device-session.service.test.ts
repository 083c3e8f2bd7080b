import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../../db/service-test.ts";
import { TEST_CONTEXT, insertMember, insertSession } from "../../db/test-fixtures.ts";
import { KIOSK_IDLE_SECONDS, MEMBER_SESSION } from "../../sessions/session-lifetimes.ts";
import { getClient } from "../clients/get-client.ts";
import { decideDeviceAuthorization } from "./decide-device-authorization.ts";
import { DEVICE_CODE_GRANT_TYPE } from "./device-policy.ts";
import { getDeviceReview } from "./get-device-review.ts";
import { reviewDeviceCode } from "./review-device-code.ts";
import { startDeviceAuthorization } from "./start-device-authorization.ts";

// A lobby kiosk's device session (issue 36, section 5): idle for at most eight days, whoever allowed it; and
// the volunteer's review shows the tablet's network and its campus.
const database = serviceTestDatabase();

async function deviceClient(campus: { name: string; networks: string[] } | null): Promise<string> {
  const campusId = campus ? `cmp_dev_${randomUUID().slice(0, 8)}` : null;
  if (campus && campusId) await database.prisma.campus.create({ data: { id: campusId, name: campus.name, timezone: "Europe/London" } });
  const clientId = `device-${randomUUID()}`;
  await database.prisma.client.create({
    data: {
      id: clientId,
      name: campus ? "Lobby check-in" : "Lobby screen",
      type: "public",
      redirectUris: [],
      grantTypes: [DEVICE_CODE_GRANT_TYPE, "refresh_token"],
      scopes: campus ? ["openid", "check-in:kiosk"] : ["openid", "profile"],
      firstParty: true,
      checkInCampusId: campusId,
      allowedNetworks: campus?.networks ?? [],
    },
  });
  return clientId;
}

/** The device asks from `ip`, a member types its code and allows it; answers the device's session row and what the member was shown. */
async function allow(clientId: string, ip: string) {
  const client = (await getClient(database, clientId))!;
  const started = await startDeviceAuthorization(database, client, new URLSearchParams({ client_id: clientId, scope: client.scopes.join(" ") }), { ip, userAgent: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1" });
  const member = await insertMember(database);
  const browserSession = await insertSession(database, member.id);
  const { requestId } = await reviewDeviceCode(database, { userId: member.id, sessionId: browserSession, typed: started.user_code, context: TEST_CONTEXT });
  const review = await getDeviceReview(database, requestId, browserSession);
  await decideDeviceAuthorization(database, {
    requestId,
    session: { id: browserSession, userId: member.id, authTime: new Date(), amr: ["pwd"] },
    decision: "allow",
    context: TEST_CONTEXT,
  });
  const session = await database.prisma.session.findFirstOrThrow({ where: { userId: member.id, deviceClientId: clientId }, select: { idleTimeoutSeconds: true, ip: true } });
  return { session, review };
}

describe("a kiosk's device session", () => {
  it("is idle for at most eight days; another device keeps the member's lifetime", async () => {
    expect(KIOSK_IDLE_SECONDS).toBe(8 * 24 * 60 * 60);
    const kiosk = await allow(await deviceClient({ name: "Harbor Point", networks: [] }), "203.0.113.7");
    expect(kiosk.session).toEqual({ idleTimeoutSeconds: KIOSK_IDLE_SECONDS, ip: "203.0.113.7" });
    const screen = await allow(await deviceClient(null), "203.0.113.8");
    expect(screen.session.idleTimeoutSeconds).toBe(MEMBER_SESSION.idleSeconds);
  });

  it("is shown to the volunteer with its network and campus, and whether that network is the campus's", async () => {
    const limited = await allow(await deviceClient({ name: "Harbor Point", networks: ["203.0.113.0/24"] }), "203.0.113.9");
    expect(limited.review).toMatchObject({ campus: "Harbor Point", ip: "203.0.113.9", onAllowedNetwork: true, device: { device: "iPad", browser: "Safari" } });
    const anywhere = await allow(await deviceClient({ name: "Riverside", networks: [] }), "198.51.100.4");
    expect(anywhere.review).toMatchObject({ campus: "Riverside", ip: "198.51.100.4", onAllowedNetwork: null });
    const screen = await allow(await deviceClient(null), "198.51.100.5");
    expect(screen.review).toMatchObject({ campus: null, onAllowedNetwork: null });
  });
});
