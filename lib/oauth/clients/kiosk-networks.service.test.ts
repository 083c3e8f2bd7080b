import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceTestDatabase, thrownBy } from "../../db/service-test.ts";
import { insertClient, insertGrant, insertMember, insertSession } from "../../db/test-fixtures.ts";
import { IdentityError } from "../../identity/errors.ts";
import { DEVICE_CODE_GRANT_TYPE } from "../device/device-policy.ts";
import { startDeviceAuthorization } from "../device/start-device-authorization.ts";
import { OAuthError } from "../errors.ts";
import { checkTokenLiveness } from "../token-liveness.ts";
import type { VerifiedAccessToken } from "../tokens.ts";
import { OUTSIDE_ALLOWED_NETWORKS } from "./allowed-networks.ts";
import { getClient } from "./get-client.ts";
import { NETWORKS_ONLY_FOR_KIOSKS, updateClient } from "./update-client.ts";

// A kiosk client limited to its campus's networks (issue 36, section 4): staff set them, the device grant
// starts only from them, and the API's guard reads them with the token's liveness.
const database = serviceTestDatabase();

async function kioskClient(): Promise<{ clientId: string; campusId: string }> {
  const campusId = `cmp_net_${randomUUID().slice(0, 8)}`;
  await database.prisma.campus.create({ data: { id: campusId, name: "Harbor Point", timezone: "Europe/London" } });
  const clientId = `kiosk-${randomUUID()}`;
  await database.prisma.client.create({
    data: {
      id: clientId,
      name: "Lobby check-in",
      type: "public",
      redirectUris: [],
      grantTypes: [DEVICE_CODE_GRANT_TYPE, "refresh_token"],
      scopes: ["openid", "check-in:kiosk"],
      firstParty: true,
      checkInCampusId: campusId,
    },
  });
  return { clientId, campusId };
}

describe("a kiosk's campus networks", () => {
  it("staff set them on a kiosk's client, first-party as it is, and nothing else of it; nobody sets them on another client", async () => {
    const { clientId, campusId } = await kioskClient();
    const saved = await updateClient(database, clientId, { allowed_networks: ["203.0.113.0/24", "2001:db8:5::/48", "203.0.113.0/24"] });
    expect(saved).toMatchObject({ client_id: clientId, first_party: true, check_in_campus: { id: campusId, name: "Harbor Point" }, allowed_networks: ["203.0.113.0/24", "2001:db8:5::/48"] });
    expect((await getClient(database, clientId))?.allowedNetworks).toEqual(["203.0.113.0/24", "2001:db8:5::/48"]);

    // Any other field of a first-party client stays with npm run clients:register.
    expect(await thrownBy(IdentityError, updateClient(database, clientId, { name: "Renamed", allowed_networks: [] }))).toMatchObject({ code: "conflict" });
    // node:net reads each entry again, whatever reached the service.
    expect(await thrownBy(IdentityError, updateClient(database, clientId, { allowed_networks: ["203.0.113.0/24", "0.0.0.0/0"] }))).toMatchObject({
      code: "invalid_request",
      description: expect.stringMatching(/^allowed_networks\.1: must be an IP address or a CIDR range/),
    });
    expect((await updateClient(database, clientId, { allowed_networks: [] })).allowed_networks).toEqual([]);

    const app = await insertClient(database);
    const portalLike = await insertClient(database, { firstParty: true });
    for (const other of [app, portalLike]) {
      expect(await thrownBy(IdentityError, updateClient(database, other, { allowed_networks: ["203.0.113.0/24"] }))).toMatchObject({ code: "invalid_request", description: NETWORKS_ONLY_FOR_KIOSKS });
    }
  });

  it("the device grant starts only from them: refused from elsewhere before anything is stored or counted", async () => {
    const { clientId } = await kioskClient();
    await updateClient(database, clientId, { allowed_networks: ["203.0.113.0/24"] });
    const client = (await getClient(database, clientId))!;
    const form = new URLSearchParams({ client_id: clientId, scope: "openid check-in:kiosk" });
    const counters = () => database.prisma.attemptCounter.count();
    const before = { requests: await database.prisma.deviceAuthorization.count({ where: { clientId } }), counters: await counters() };

    for (const ip of ["198.51.100.7", null]) {
      const refused = await thrownBy(OAuthError, startDeviceAuthorization(database, client, form, { ip, userAgent: "Tablet" }));
      expect(refused).toMatchObject({ code: "unauthorized_client", description: OUTSIDE_ALLOWED_NETWORKS, status: 400 });
    }
    expect({ requests: await database.prisma.deviceAuthorization.count({ where: { clientId } }), counters: await counters() }).toEqual(before);

    const started = await startDeviceAuthorization(database, client, form, { ip: "203.0.113.40", userAgent: "Tablet" });
    expect(started.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(await database.prisma.deviceAuthorization.findFirstOrThrow({ where: { clientId }, select: { ip: true } })).toEqual({ ip: "203.0.113.40" });
  });

  it("the API's guard reads them with the token's liveness, in the same statement", async () => {
    const { clientId } = await kioskClient();
    await updateClient(database, clientId, { allowed_networks: ["203.0.113.0/24"] });
    const volunteer = await insertMember(database);
    const sessionId = await insertSession(database, volunteer.id);
    const grantId = await insertGrant(database, { userId: volunteer.id, clientId, sessionId });
    const token: VerifiedAccessToken = {
      sub: volunteer.id,
      clientId,
      scope: ["openid", "check-in:kiosk"],
      jti: randomUUID(),
      sid: sessionId,
      grantId,
      exp: Math.floor(Date.now() / 1000) + 600,
      iat: Math.floor(Date.now() / 1000),
      authTime: Math.floor(Date.now() / 1000),
      amr: ["pwd"],
      dpopJkt: null,
      raw: {},
    };
    expect(await checkTokenLiveness(database, token, true)).toMatchObject({ live: true, allowedNetworks: ["203.0.113.0/24"], checkInCampusId: expect.any(String) });
    // Any other client: none, whatever its row.
    const other = await insertClient(database);
    const otherGrant = await insertGrant(database, { userId: volunteer.id, clientId: other, sessionId });
    expect((await checkTokenLiveness(database, { ...token, clientId: other, grantId: otherGrant, jti: randomUUID() })).allowedNetworks).toEqual([]);
  });
});
