import { describe, expect, it } from "vitest";
import { hashToken, keyedHash } from "../crypto/tokens.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { BUILT_IN_ROLES } from "../identity/built-in-roles.ts";
import { ensureBuiltIns } from "./ensure-built-ins.ts";

// An empty start (issue 39): the server writes the built-in roles and its portal's client itself, on a
// database with every migration and nothing else.
const database = serviceTestDatabase({ PORTAL_CLIENT_ID: "portal" });

const rolesOf = async () =>
  Object.fromEntries((await database.prisma.role.findMany({ select: { name: true, permissions: true } })).map((role) => [role.name, [...role.permissions].sort()]));

describe("ensureBuiltIns", () => {
  it("writes the built-in roles and the portal's own client, twice at once without a conflict; adds another origin's address; puts back what an older version left", async () => {
    expect(await database.prisma.client.count({ where: { id: "portal" } })).toBe(0);
    // Two instances starting together: the advisory lock makes them take turns.
    await Promise.all([ensureBuiltIns(database), ensureBuiltIns(database)]);

    expect(await rolesOf()).toEqual(Object.fromEntries(BUILT_IN_ROLES.map((role) => [role.name, [...role.permissions].sort()])));
    const portal = await database.prisma.client.findUniqueOrThrow({
      where: { id: "portal" },
      select: { type: true, firstParty: true, secretHash: true, redirectUris: true, grantTypes: true, disabledAt: true },
    });
    expect(portal).toEqual({
      type: "confidential",
      firstParty: true,
      // The secret the portal derives from APP_SECRET when PORTAL_CLIENT_SECRET is not set (lib/oauth/clients/portal-client.ts).
      secretHash: hashToken(keyedHash("portal-client-secret", "portal")),
      redirectUris: ["http://localhost:3000/api/auth/callback/church"],
      grantTypes: ["authorization_code", "refresh_token"],
      disabledAt: null,
    });

    // A second server of the same database at another origin adds its address, and undoes nothing.
    await ensureBuiltIns(database, "https://staging.church.example");
    await ensureBuiltIns(database);
    expect(await database.prisma.client.findUniqueOrThrow({ where: { id: "portal" }, select: { redirectUris: true, postLogoutRedirectUris: true, secretHash: true } })).toEqual({
      redirectUris: ["http://localhost:3000/api/auth/callback/church", "https://staging.church.example/api/auth/callback/church"],
      postLogoutRedirectUris: ["http://localhost:3000/", "http://localhost:3000/signed-out", "https://staging.church.example/", "https://staging.church.example/signed-out"],
      secretHash: portal.secretHash,
    });

    // An upgrade changed what a role may do: the next start brings the stored role up to date.
    await database.prisma.role.update({ where: { name: "staff" }, data: { permissions: ["users:read"] } });
    await ensureBuiltIns(database);
    expect((await rolesOf()).staff).toEqual([...BUILT_IN_ROLES.find((role) => role.name === "staff")!.permissions].sort());
    expect(await database.prisma.role.count()).toBe(BUILT_IN_ROLES.length);
    expect(await database.prisma.client.count({ where: { id: "portal" } })).toBe(1);
  });
});
