import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceTestDatabase, thrownBy } from "../../db/service-test.ts";
import { IdentityError } from "../../identity/errors.ts";
import { DEVICE_CODE_GRANT_TYPE } from "../device/device-policy.ts";
import { startDeviceAuthorization } from "../device/start-device-authorization.ts";
import { createClient } from "./create-client.ts";
import { getClient } from "./get-client.ts";
import { listClients } from "./list-clients.ts";
import { createClientBodySchema } from "./staff-schemas.ts";

// A lobby check-in kiosk registered by staff through POST /api/v1/admin/clients (issue 38, item 14; decision
// 0023 "Kiosks"), which before only the seed could bind to a campus. Each call goes the endpoint's way: the body
// through the endpoint's schema (a failure said as the identity surface says one, `field: message` joined by
// "; ", lib/http/identity.ts; e2e/api/admin-users-clients.spec.ts holds the HTTP answer), then the service with
// the caller's permissions.
const database = serviceTestDatabase();

const ADMIN = { permissions: new Set(["clients:read", "clients:write", "roles:write"]) };
const STAFF = { permissions: new Set(["clients:read", "clients:write"]) };

async function register(body: unknown, caller: { permissions: ReadonlySet<string> }) {
  const parsed = createClientBodySchema.safeParse(JSON.parse(JSON.stringify(body)));
  if (!parsed.success) throw new IdentityError("invalid_request", parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  return createClient(database, parsed.data, caller);
}

async function campus(name: string): Promise<string> {
  const id = `cmp_kiosk_${randomUUID().slice(0, 8)}`;
  await database.prisma.campus.create({ data: { id, name, timezone: "Europe/London" } });
  return id;
}

/** What the page's "A lobby check-in kiosk" sends. */
const kiosk = (campusId: string | null) => ({
  name: "Lobby check-in",
  type: "public",
  grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"],
  scopes: ["openid", "check-in:kiosk"],
  first_party: true,
  check_in_campus_id: campusId,
});

describe("a check-in kiosk registered by the church office", () => {
  it("an administrator binds it to a campus: answered with the campus, listed so, and its device grant starts", async () => {
    const campusId = await campus("Harbor Point");
    const created = await register(kiosk(campusId), ADMIN);
    expect(created).toEqual({
      client_id: expect.stringMatching(/^cl_/),
      name: "Lobby check-in",
      type: "public",
      redirect_uris: [],
      post_logout_redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"],
      scopes: ["openid", "check-in:kiosk"],
      first_party: true,
      require_pkce: true,
      require_nonce_without_pkce: true,
      backchannel_logout_uri: null,
      backchannel_logout_session_required: false,
      require_pushed_authorization_requests: false,
      dpop_bound_access_tokens: false,
      created_at: expect.stringMatching(/Z$/),
      disabled_at: null,
      check_in_campus: { id: campusId, name: "Harbor Point" },
      allowed_networks: [],
      client_secret: null,
    });
    const { client_secret: secret, ...listed } = created;
    expect(secret).toBeNull();
    expect((await listClients(database, { page: 1, per: 20, sort: "name", q: created.client_id })).items).toEqual([listed]);

    // A real kiosk: bound to the campus in its row, and a tablet can start setting up.
    expect(await database.prisma.client.findUnique({ where: { id: created.client_id }, select: { checkInCampusId: true, firstParty: true } })).toEqual({ checkInCampusId: campusId, firstParty: true });
    const client = (await getClient(database, created.client_id))!;
    const started = await startDeviceAuthorization(database, client, new URLSearchParams({ client_id: created.client_id, scope: "openid check-in:kiosk" }), {
      ip: "203.0.113.40",
      userAgent: "Tablet",
    });
    expect(started.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  });

  it("refused, with nothing written: not the church's own, by a staff member who may not make one, without a campus, an unknown campus, a campus on another kind of app", async () => {
    const campusId = await campus("Riverside");
    const before = await database.prisma.client.count();
    const website = { name: "Choir site", type: "confidential", redirect_uris: ["https://choir.example.org/callback"] };
    const refusals: [what: string, body: unknown, caller: typeof ADMIN, refusal: { code: string; description: string }][] = [
      ["not first-party", { ...kiosk(campusId), first_party: false }, ADMIN, { code: "invalid_request", description: "scopes.1: check-in:kiosk is for the church’s own (first-party) apps only" }],
      ["first-party by staff without roles:write", kiosk(campusId), STAFF, { code: "forbidden", description: "missing permission roles:write" }],
      ["no campus", kiosk(null), ADMIN, { code: "invalid_request", description: "check_in_campus_id: a kiosk (scope check-in:kiosk) needs the campus it serves" }],
      ["no campus, the field left out", { ...kiosk(null), check_in_campus_id: undefined }, ADMIN, { code: "invalid_request", description: "check_in_campus_id: a kiosk (scope check-in:kiosk) needs the campus it serves" }],
      ["an unknown campus", kiosk("cmp_nowhere"), ADMIN, { code: "invalid_request", description: "check_in_campus_id: no such campus" }],
      ["an empty campus id", kiosk(""), ADMIN, { code: "invalid_request", description: "check_in_campus_id: no such campus" }],
      ["a campus id that is no string", kiosk(7 as unknown as string), ADMIN, { code: "invalid_request", description: "check_in_campus_id: must be a campus id" }],
      ["a campus on a website", { ...website, check_in_campus_id: campusId }, STAFF, { code: "invalid_request", description: "check_in_campus_id: only a check-in kiosk's app (scope check-in:kiosk) serves a campus" }],
      [
        "a campus on the church's own website",
        { ...website, first_party: true, scopes: ["openid", "profile"], check_in_campus_id: campusId },
        ADMIN,
        { code: "invalid_request", description: "check_in_campus_id: only a check-in kiosk's app (scope check-in:kiosk) serves a campus" },
      ],
      [
        "a kiosk that cannot be set up with a code",
        { ...kiosk(campusId), grant_types: ["refresh_token"] },
        ADMIN,
        { code: "invalid_request", description: `grant_types: a check-in kiosk is set up with a code: it needs ${DEVICE_CODE_GRANT_TYPE}` },
      ],
    ];
    for (const [what, body, caller, refusal] of refusals) {
      expect(await thrownBy(IdentityError, register(body, caller)), what).toMatchObject(refusal);
    }
    expect(await database.prisma.client.count()).toBe(before);
  });

  it("any other app still has no campus", async () => {
    const created = await register({ name: "Sermon notes", type: "public", redirect_uris: ["https://notes.example.org/cb"] }, STAFF);
    expect(created).toMatchObject({ check_in_campus: null, first_party: false, allowed_networks: [] });
    expect(await database.prisma.client.findUnique({ where: { id: created.client_id }, select: { checkInCampusId: true } })).toEqual({ checkInCampusId: null });
  });
});
