import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../../db/service-test.ts";
import { failure, insertClient, insertGrant, insertMember } from "../../db/test-fixtures.ts";
import { getClient } from "./get-client.ts";
import { createClient } from "./create-client.ts";
import { disableClient } from "./disable-client.ts";
import { getClientForStaffOrThrow } from "./get-client-for-staff-or-throw.ts";
import { listClients } from "./list-clients.ts";
import { rotateClientSecret } from "./rotate-client-secret.ts";
import { updateClient } from "./update-client.ts";

// Staff's client tools on a database with every migration (docs/decisions/0019: services take the handle).
const database = serviceTestDatabase();

describe("staff's client tools", () => {
  it("register a client with its secret once, edit it, rotate its secret, and disable it with its grants", async () => {
    const { prisma } = database;
    const created = await createClient(database, {
      name: "Choir app",
      type: "confidential",
      redirect_uris: ["https://choir.example.org/callback"],
      post_logout_redirect_uris: [],
      grant_types: ["authorization_code", "refresh_token"],
      scopes: ["openid", "profile"],
      require_pkce: true,
      backchannel_logout_uri: null,
      backchannel_logout_session_required: false,
      require_pushed_authorization_requests: false,
      require_nonce_without_pkce: true,
      dpop_bound_access_tokens: false,
      first_party: false,
      check_in_campus_id: null,
    }, { permissions: new Set() });
    expect(created).toMatchObject({ client_id: expect.stringMatching(/^cl_/), name: "Choir app", first_party: false, require_pkce: true, disabled_at: null, client_secret: expect.any(String) });
    const { client_secret: secret, ...client } = created;
    expect(await getClientForStaffOrThrow(database, client.client_id)).toEqual(client);
    expect(JSON.stringify(await getClientForStaffOrThrow(database, client.client_id))).not.toContain(secret!);

    expect((await updateClient(database, client.client_id, { name: "Choir" })).name).toBe("Choir");
    // Its OpenID library sends a nonce but not PKCE (decision 0006): staff may relax it, and only for a confidential client.
    expect((await updateClient(database, client.client_id, { require_pkce: false })).require_pkce).toBe(false);
    expect((await getClient(database, client.client_id))?.requirePkce).toBe(false);
    const publicClient = await insertClient(database, { name: "A phone app" });
    expect(await failure(updateClient(database, publicClient, { require_pkce: false }))).toMatchObject({
      code: "invalid_request",
      description: "require_pkce: a public client always uses PKCE",
    });
    const rotated = await rotateClientSecret(database, client.client_id);
    expect(rotated.client_secret).not.toBe(secret);

    const jane = await insertMember(database);
    await insertGrant(database, { userId: jane.id, clientId: client.client_id, sessionId: null });
    const disabled = await disableClient(database, client.client_id);
    expect(disabled.disabled_at).toEqual(expect.stringMatching(/Z$/));
    expect(await prisma.grant.findFirstOrThrow({ where: { clientId: client.client_id }, select: { revokedReason: true, revokedAt: true } })).toEqual({
      revokedReason: "client_disabled",
      revokedAt: expect.any(Date),
    });
    expect(await disableClient(database, client.client_id)).toEqual(disabled);

    const portal = await insertClient(database, { firstParty: true, name: "Portal" });
    expect((await failure(disableClient(database, portal)))?.description).toBe("first-party clients are managed with npm run clients:register");
    expect((await failure(getClientForStaffOrThrow(database, "nobody")))?.code).toBe("not_found");

    expect(await listClients(database, { page: 1, per: 1, sort: "-name" })).toEqual({
      metadata: { total: 3, page: 1, per: 1 },
      items: [expect.objectContaining({ client_id: portal })],
    });
    expect((await listClients(database, { page: 1, per: 20, sort: "name", q: "choir" })).items).toEqual([disabled]);
  });
});
