import { describe, expect, it } from "vitest";
import { grantConsent } from "../consents/grant-consent.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertClient, insertGrant, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { IdentityError } from "../identity/errors.ts";
import { createGuardianship } from "./create-guardianship.ts";
import { endGuardianshipsAtMajority } from "./end-guardianships-at-majority.ts";
import { listDependents } from "./list-dependents.ts";
import { revokeDependentConsentOrThrow } from "./revoke-dependent-consent-or-throw.ts";
import { GUARDIAN_ROLE } from "./schemas.ts";

// Guardianships below HTTP, on a database with every migration (PGlite, or PostgreSQL with SERVICE_TEST_DATABASE_URL).
// A fixed age of majority.
const database = serviceTestDatabase({ AGE_OF_MAJORITY: "18" });

/** When the guardianships of these tests are made. Every dependant but the coming-of-age test's is born in 2016 or later. */
const CREATED = new Date("2026-06-01T12:00:00.000Z");

async function holdsGuardianRole(userId: string): Promise<boolean> {
  return (await database.prisma.userRole.count({ where: { userId, role: { name: GUARDIAN_ROLE } } })) === 1;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (reason: unknown) => (reason instanceof IdentityError ? { code: reason.code, description: reason.description } : reason),
  );
}

describe("createGuardianship", () => {
  it("makes the guardianship and gives the guardian role, once however often it is made", async () => {
    const guardian = await insertMember(database);
    const dependent = await insertMember(database, { birthDate: "2018-04-12", email: null, password: false });
    await createGuardianship(database, guardian.id, dependent.id, CREATED);
    await createGuardianship(database, guardian.id, dependent.id, CREATED);
    expect(await database.prisma.guardianship.findMany({ where: { guardianId: guardian.id }, select: { dependentId: true, endedAt: true } })).toEqual([
      { dependentId: dependent.id, endedAt: null },
    ]);
    expect(await holdsGuardianRole(guardian.id)).toBe(true);
  });

  it("an ended guardianship made again is live again", async () => {
    const guardian = await insertMember(database);
    const dependent = await insertMember(database, { birthDate: "2018-04-12" });
    await createGuardianship(database, guardian.id, dependent.id, CREATED);
    await database.prisma.guardianship.updateMany({ where: { guardianId: guardian.id }, data: { endedAt: CREATED } });
    await createGuardianship(database, guardian.id, dependent.id, CREATED);
    expect(await database.prisma.guardianship.findMany({ where: { guardianId: guardian.id }, select: { endedAt: true } })).toEqual([{ endedAt: null }]);
  });

  it("refuses oneself, an adult and someone without a birth date, and changes nothing", async () => {
    const guardian = await insertMember(database);
    const adult = await insertMember(database, { birthDate: "2000-01-01" });
    const unknownAge = await insertMember(database, { birthDate: null });
    await expect(createGuardianship(database, guardian.id, guardian.id, CREATED)).rejects.toThrow("a member cannot be their own guardian");
    for (const dependent of [adult, unknownAge]) {
      await expect(createGuardianship(database, guardian.id, dependent.id, CREATED)).rejects.toThrow("a dependant must have a birth date and be under the age of majority");
    }
    expect(await database.prisma.guardianship.count({ where: { guardianId: guardian.id } })).toBe(0);
    expect(await holdsGuardianRole(guardian.id)).toBe(false);
  });
});

describe("listDependents", () => {
  it("lists live guardianships only, oldest dependant first, each with the day they come of age and their consents", async () => {
    const guardian = await insertMember(database);
    const younger = await insertMember(database, { givenName: "Younger", birthDate: "2020-06-01", email: null, password: false });
    const older = await insertMember(database, { givenName: "Older", birthDate: "2017-02-28" });
    const former = await insertMember(database, { givenName: "Former", birthDate: "2016-01-01" });
    for (const dependent of [younger, older, former]) await createGuardianship(database, guardian.id, dependent.id, CREATED);
    await database.prisma.guardianship.updateMany({ where: { guardianId: guardian.id, dependentId: former.id }, data: { endedAt: CREATED } });
    const clientId = await insertClient(database, { name: "Homework app" });
    await grantConsent(database, { userId: older.id, clientId, scopes: ["openid"], context: TEST_CONTEXT }, CREATED);

    const { dependents } = await listDependents(database, guardian.id);
    expect(dependents.map((dependent) => dependent.given_name)).toEqual(["Older", "Younger"]);
    expect(dependents[0]).toEqual({
      id: older.id,
      given_name: "Older",
      family_name: "Member",
      birth_date: "2017-02-28",
      comes_of_age_on: "2035-02-28",
      has_sign_in: true,
      guardian_since: expect.any(String),
      consents: [{ id: expect.any(String), client_id: clientId, client_name: "Homework app", scopes: ["openid"], status: "granted", granted_at: CREATED.toISOString() }],
    });
    expect(dependents[1]).toMatchObject({ id: younger.id, comes_of_age_on: "2038-06-01", has_sign_in: false, consents: [] });
    // Someone who is nobody's guardian has no dependants.
    expect(await listDependents(database, older.id)).toEqual({ dependents: [] });
  });
});

describe("revokeDependentConsentOrThrow", () => {
  async function guardianOfDependentWithConsent() {
    const guardian = await insertMember(database);
    const dependent = await insertMember(database, { birthDate: "2017-09-09" });
    await createGuardianship(database, guardian.id, dependent.id, CREATED);
    const clientId = await insertClient(database);
    const consent = await grantConsent(database, { userId: dependent.id, clientId, scopes: ["openid"], context: TEST_CONTEXT }, CREATED);
    const grant = await insertGrant(database, { userId: dependent.id, clientId, sessionId: null });
    return { guardian, dependent, clientId, consent, grant };
  }

  it("revokes the dependant's consent and its grants, in both security logs", async () => {
    const { guardian, dependent, clientId, consent, grant } = await guardianOfDependentWithConsent();
    const body = await revokeDependentConsentOrThrow(database, guardian.id, dependent.id, consent.id, TEST_CONTEXT);
    expect(body).toMatchObject({ id: consent.id, status: "revoked", revoked_at: expect.any(String) });
    expect(await database.prisma.grant.findUniqueOrThrow({ where: { id: grant }, select: { revokedReason: true } })).toEqual({ revokedReason: "consent_revoked" });
    expect((await securityEventsOf(database, dependent.id)).filter((event) => event.type === "consent_revoked")).toEqual([
      { type: "consent_revoked", detail: { client_id: clientId, by: "guardian", guardian_id: guardian.id } },
    ]);
    expect(await securityEventsOf(database, guardian.id)).toEqual([{ type: "dependent_consent_revoked", detail: { client_id: clientId, dependent_id: dependent.id } }]);
  });

  it("someone who is not (or no longer) the caller's dependant, or a consent that is not the dependant's, is not_found; nothing changes", async () => {
    const { guardian, dependent, consent, grant } = await guardianOfDependentWithConsent();
    const stranger = await guardianOfDependentWithConsent();
    expect(await rejection(revokeDependentConsentOrThrow(database, stranger.guardian.id, dependent.id, consent.id, TEST_CONTEXT))).toEqual({
      code: "not_found",
      description: "dependent not found",
    });
    expect(await rejection(revokeDependentConsentOrThrow(database, guardian.id, "not-a-uuid", consent.id, TEST_CONTEXT))).toEqual({
      code: "not_found",
      description: "dependent not found",
    });
    // The guardian's own dependant, but another dependant's consent.
    expect(await rejection(revokeDependentConsentOrThrow(database, guardian.id, dependent.id, stranger.consent.id, TEST_CONTEXT))).toEqual({
      code: "not_found",
      description: "consent not found",
    });
    await database.prisma.guardianship.updateMany({ where: { guardianId: guardian.id }, data: { endedAt: CREATED } });
    expect(await rejection(revokeDependentConsentOrThrow(database, guardian.id, dependent.id, consent.id, TEST_CONTEXT))).toEqual({
      code: "not_found",
      description: "dependent not found",
    });
    expect(await database.prisma.consent.findMany({ where: { id: { in: [consent.id, stranger.consent.id] } }, select: { status: true } })).toEqual([
      { status: "granted" },
      { status: "granted" },
    ]);
    expect(await database.prisma.grant.findMany({ where: { id: { in: [grant, stranger.grant] } }, select: { revokedAt: true } })).toEqual([
      { revokedAt: null },
      { revokedAt: null },
    ]);
    expect(await securityEventsOf(database, guardian.id)).toEqual([]);
    expect(await securityEventsOf(database, stranger.guardian.id)).toEqual([]);
  });
});

describe("endGuardianshipsAtMajority", () => {
  it("ends the guardianships of those of age, takes the role from guardians left without one, promotes them in their family, once", async () => {
    // Run on 2 January 2033: born on or before 2 January 2015 is 18. Every other test's dependant is born in 2016 or later.
    const runAt = new Date("2033-01-02T08:00:00.000Z");
    const keepsOne = await insertMember(database);
    const losesAll = await insertMember(database);
    const comingOfAge = await insertMember(database, { birthDate: "2015-01-01" });
    const stillMinor = await insertMember(database, { birthDate: "2020-06-01" });
    const justOfAge = await insertMember(database, { birthDate: "2014-12-31" });
    await createGuardianship(database, keepsOne.id, comingOfAge.id, CREATED);
    await createGuardianship(database, keepsOne.id, stillMinor.id, CREATED);
    await createGuardianship(database, losesAll.id, justOfAge.id, CREATED);
    const family = await database.prisma.family.create({
      data: { name: "The Test family", codeHash: `test-${comingOfAge.id}`, codeEncrypted: "not-read-here", codeExpiresAt: runAt },
      select: { id: true },
    });
    await database.prisma.familyMember.createMany({
      data: [
        { familyId: family.id, userId: keepsOne.id, role: "adult" },
        { familyId: family.id, userId: comingOfAge.id, role: "child" },
        { familyId: family.id, userId: stillMinor.id, role: "child" },
      ],
    });

    expect(await endGuardianshipsAtMajority(database, runAt, 18)).toEqual({ ended: 2, rolesRemoved: 1, promoted: 1 });
    const guardianships = await database.prisma.guardianship.findMany({
      where: { guardianId: { in: [keepsOne.id, losesAll.id] } },
      select: { dependentId: true, endedAt: true },
    });
    expect(Object.fromEntries(guardianships.map((row) => [row.dependentId, row.endedAt]))).toEqual({
      [comingOfAge.id]: runAt,
      [stillMinor.id]: null,
      [justOfAge.id]: runAt,
    });
    expect(await holdsGuardianRole(keepsOne.id)).toBe(true);
    expect(await holdsGuardianRole(losesAll.id)).toBe(false);
    const roles = await database.prisma.familyMember.findMany({ where: { familyId: family.id }, select: { userId: true, role: true } });
    expect(Object.fromEntries(roles.map((row) => [row.userId, row.role]))).toEqual({ [keepsOne.id]: "adult", [comingOfAge.id]: "adult", [stillMinor.id]: "child" });
    expect(await securityEventsOf(database, keepsOne.id)).toEqual([
      { type: "guardianship_ended", detail: { reason: "age_of_majority", dependent_id: comingOfAge.id } },
    ]);
    expect(await securityEventsOf(database, comingOfAge.id)).toEqual([
      { type: "guardianship_ended", detail: { reason: "age_of_majority", guardian_id: keepsOne.id } },
    ]);
    expect(await securityEventsOf(database, justOfAge.id)).toEqual([
      { type: "guardianship_ended", detail: { reason: "age_of_majority", guardian_id: losesAll.id } },
    ]);
    expect(await securityEventsOf(database, stillMinor.id)).toEqual([]);

    // Idempotent: nothing left to do.
    expect(await endGuardianshipsAtMajority(database, runAt, 18)).toEqual({ ended: 0, rolesRemoved: 0, promoted: 0 });
  });
});
