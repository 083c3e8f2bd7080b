import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { grantConsent } from "../consents/grant-consent.ts";
import { maskContact } from "../contacts/mask-contact.ts";
import { thrownBy, serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertClient, insertGrant, insertMember, insertSession, securityEventsOf } from "../db/test-fixtures.ts";
import { IdentityError } from "../identity/errors.ts";
import { ONLY_PENDING_DELETIONS_CANCEL, cancelDeletionRequestOrThrow } from "./cancel-deletion-request-or-throw.ts";
import { DELETION_ALREADY_PENDING, createDataRequest } from "./create-data-request.ts";
import { getDataExportOrThrow } from "./get-data-export-or-throw.ts";
import { listDataRequests } from "./list-data-requests.ts";
import { runDueDeletions } from "./run-due-deletions.ts";
import { DataExportSchema } from "./schemas.ts";

// Privacy requests below HTTP, on a database with every migration (PGlite, or PostgreSQL with
// SERVICE_TEST_DATABASE_URL). Every deletion here is requested at T0 or later, except the one the
// deletion run must carry out, so that run finds exactly it. The grace period is fixed.
const database = serviceTestDatabase({ PRIVACY_DELETION_GRACE_DAYS: "14" });

const T0 = new Date("2026-05-01T12:00:00.000Z");
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

async function rejection(promise: Promise<unknown>): Promise<{ code: string; description: string; headers: Record<string, string> }> {
  const { code, description, headers } = await thrownBy(IdentityError, promise);
  return { code, description, headers };
}

const eventTypes = async (userId: string) => (await securityEventsOf(database, userId)).map((event) => event.type);
const outboxTo = (recipient: string) => database.prisma.outboxMessage.count({ where: { recipient } });

/**
 * Records of every kind the export reads, each carrying `marker`; `secrets` are what must never leave (hashes,
 * sealed values, message bodies, a contact's full address, a dependant's name, a record's household address).
 */
async function giveRecords(member: { id: string; email: string | null }, marker: string) {
  const { prisma } = database;
  const dependant = await insertMember(database, { email: null, givenName: "Dependant", familyName: `Child-${marker}` });
  const guardianship = await prisma.guardianship.create({ data: { guardianId: member.id, dependentId: dependant.id }, select: { id: true } });
  await prisma.totpCredential.create({ data: { userId: member.id, secretEncrypted: `SEALED-SECRET-${marker}`, status: "confirmed", confirmedAt: new Date() } });
  await prisma.recoveryCode.createMany({ data: [{ userId: member.id, codeHash: `RC-HASH-1-${marker}`, usedAt: new Date() }, { userId: member.id, codeHash: `RC-HASH-2-${marker}` }] });
  await prisma.knownDevice.create({ data: { userId: member.id, deviceHash: `DEVICE-HASH-${marker}` } });
  const code = await prisma.verificationCode.create({
    data: { purpose: "email_verification", subject: member.id, target: member.email!, codeHash: `CODE-HASH-${marker}`, expiresAt: at(HOUR_MS) },
    select: { id: true },
  });
  const message = await prisma.outboxMessage.create({ data: { channel: "email", recipient: member.email!, subject: "Your code", body: `BODY-${marker}` }, select: { id: true } });
  const familyName = `Family ${marker}`;
  const family = await prisma.family.create({
    data: { name: familyName, codeHash: `FAMILY-CODE-HASH-${marker}`, codeEncrypted: `FAMILY-CODE-SEALED-${marker}`, codeExpiresAt: at(14 * DAY_MS) },
    select: { id: true },
  });
  await prisma.familyMember.create({ data: { familyId: family.id, userId: member.id, role: "adult" } });
  // A register record linked to the member (its household's address stays out), and a request about another.
  const recordId = `mbr_test_${randomUUID().replaceAll("-", "")}`;
  const otherRecordId = `mbr_test_${randomUUID().replaceAll("-", "")}`;
  await prisma.membershipRecord.createMany({
    data: [
      { id: recordId, givenName: "Register", familyName: `Name-${marker}`, birthDate: "1980-02-03", email: `household-${marker}@example.net`, linkedUserId: member.id, linkedAt: new Date() },
      { id: otherRecordId, givenName: "Other", familyName: `Other-${marker}` },
    ],
  });
  const linkRequest = await prisma.membershipLinkRequest.create({ data: { membershipId: otherRecordId, userId: member.id }, select: { id: true } });
  await prisma.federationProvider.upsert({
    where: { id: "privacy-test" },
    create: { id: "privacy-test", displayName: "Privacy test", issuer: "https://idp.privacy-test.invalid", clientId: "privacy-test", clientSecretEncrypted: "sealed", enabled: false },
    update: {},
  });
  const identityEmail = `linked-${marker.toLowerCase()}@example.com`;
  const identity = await prisma.federatedIdentity.create({
    data: { userId: member.id, providerId: "privacy-test", issuer: "https://idp.privacy-test.invalid", subject: `subject-${marker}`, email: identityEmail },
    select: { id: true },
  });
  // A verified recovery contact, with a code and a message sent to it, a second later than the account's own.
  const contactValue = `contact-${randomUUID().slice(0, 8)}@example.net`;
  const contact = await prisma.recoveryContact.create({ data: { userId: member.id, channel: "email", value: contactValue, status: "verified", verifiedAt: new Date() }, select: { id: true } });
  const later = new Date(Date.now() + 1000);
  const contactCode = await prisma.verificationCode.create({
    data: { purpose: "recovery_contact_verification", subject: contact.id, target: contactValue, codeHash: `CONTACT-CODE-HASH-${marker}`, expiresAt: at(HOUR_MS), createdAt: later },
    select: { id: true },
  });
  const contactMessage = await prisma.outboxMessage.create({
    data: { channel: "email", recipient: contactValue, subject: "Confirm this address", body: `CONTACT-BODY-${marker}`, createdAt: later },
    select: { id: true },
  });
  return {
    guardianshipId: guardianship.id,
    codeId: code.id,
    messageId: message.id,
    familyId: family.id,
    familyName,
    recordId,
    recordFamilyName: `Name-${marker}`,
    otherRecordId,
    linkRequestId: linkRequest.id,
    identityId: identity.id,
    subject: `subject-${marker}`,
    identityEmail,
    contactId: contact.id,
    contactValue,
    contactCodeId: contactCode.id,
    contactMessageId: contactMessage.id,
    secrets: [
      identityEmail, `household-${marker}@example.net`, `Other-${marker}`, `FAMILY-CODE-HASH-${marker}`, `FAMILY-CODE-SEALED-${marker}`, contactValue,
      `CONTACT-CODE-HASH-${marker}`, `CONTACT-BODY-${marker}`, `SEALED-SECRET-${marker}`, `RC-HASH-1-${marker}`, `RC-HASH-2-${marker}`, `CODE-HASH-${marker}`,
      `BODY-${marker}`, `DEVICE-HASH-${marker}`, `Child-${marker}`, dependant.id,
    ],
  };
}

describe("exports", () => {
  it("are built at once and stored as they were: the member's own records only, contacts masked, nothing secret", async () => {
    const member = await insertMember(database, { givenName: "Ada", birthDate: "1990-02-03", phone: "+15550000001" });
    const stranger = await insertMember(database, { phone: "+15550000002" });
    await database.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = 'member'`, [member.id]);
    const clientId = await insertClient(database, { name: "Bible app" });
    const sessionId = await insertSession(database, member.id);
    const grantId = await insertGrant(database, { userId: member.id, clientId, sessionId });
    await grantConsent(database, { userId: member.id, clientId, scopes: ["openid", "profile"], context: TEST_CONTEXT }, at(-DAY_MS));
    const helper = `helper-${randomUUID()}@example.org`;
    const contact = await database.prisma.recoveryContact.create({ data: { userId: member.id, channel: "email", value: helper, status: "verified" }, select: { id: true } });
    await database.prisma.verificationCode.create({
      data: { purpose: "recovery_contact", subject: contact.id, target: helper, codeHash: "hash-never-exported", expiresAt: at(HOUR_MS) },
    });
    await database.prisma.outboxMessage.createMany({
      data: [
        { channel: "email", recipient: member.email!, subject: "Welcome", body: "body-never-exported" },
        { channel: "email", recipient: helper, subject: "Your code", body: "body-never-exported" },
      ],
    });
    // The stranger's records, which the export must not hold.
    const strangersSession = await insertSession(database, stranger.id);
    await grantConsent(database, { userId: stranger.id, clientId, scopes: ["openid"], context: TEST_CONTEXT }, at(-DAY_MS));

    const request = await createDataRequest(database, member.id, "export", TEST_CONTEXT, T0);
    expect(request).toEqual({ id: expect.any(String), type: "export", status: "fulfilled", created_at: T0.toISOString(), fulfilled_at: T0.toISOString() });
    const stored = await database.prisma.dataRequest.findUniqueOrThrow({ where: { id: request.id }, select: { exportJson: true } });
    const document = DataExportSchema.parse(JSON.parse(stored.exportJson!));

    expect(document).toMatchObject({ format: "church-account-export/1", request_id: request.id, generated_at: T0.toISOString() });
    expect(document.profile).toMatchObject({ id: member.id, email: member.email, given_name: "Ada", birth_date: "1990-02-03", phone: "+15550000001", has_password: true, roles: ["member"] });
    expect(document.two_factor).toEqual({ status: "disabled", set_up_at: null, enabled_at: null, recovery_codes_total: 0, recovery_codes_used: 0 });
    expect(document.sessions.map((session) => session.id)).toEqual([sessionId]);
    expect(document.app_authorizations).toEqual([
      expect.objectContaining({ id: grantId, client_id: clientId, client_name: "Bible app", session_id: sessionId, revoked_at: null, revoked_reason: null }),
    ]);
    expect(document.consents).toEqual([
      expect.objectContaining({ client_id: clientId, client_name: "Bible app", scopes: ["openid", "profile"], status: "granted", granted_at: at(-DAY_MS).toISOString() }),
    ]);
    expect(document.security_events.map((event) => event.type)).toEqual(["consent_granted"]);
    expect(document.recovery_contacts).toEqual([expect.objectContaining({ id: contact.id, channel: "email", value: maskContact("email", helper), status: "verified" })]);
    expect(document.verification_codes).toEqual([expect.objectContaining({ purpose: "recovery_contact", sent_to: maskContact("email", helper), attempts: 0 })]);
    // The account's own address as it is; the contact's masked.
    expect(document.messages.map((message) => message.recipient).sort()).toEqual([member.email!, maskContact("email", helper)].sort());
    expect(document.data_requests).toEqual([]);
    expect(document.membership).toEqual({ linked_record: null, link_requests: [] });
    const text = stored.exportJson!;
    for (const absent of [stranger.id, stranger.email!, strangersSession, helper, "hash-never-exported", "body-never-exported", "$argon2id"]) {
      expect(text).not.toContain(absent);
    }

    expect(await securityEventsOf(database, member.id)).toEqual([
      { type: "consent_granted", detail: { client_id: clientId, scopes: ["openid", "profile"] } },
      { type: "data_export_requested", detail: { request_id: request.id } },
    ]);
  });

  it("hold every kind of the member's records, section by section, and nothing secret or of anyone else", async () => {
    const member = await insertMember(database, { givenName: "Alice", familyName: "Export" });
    const other = await insertMember(database);
    const marker = randomUUID();
    const mine = await giveRecords(member, `A-${marker}`);
    const theirs = await giveRecords(other, `B-${marker}`);
    const earlier = await createDataRequest(database, member.id, "export", TEST_CONTEXT, T0);

    const request = await createDataRequest(database, member.id, "export", TEST_CONTEXT, at(HOUR_MS));
    const stored = await database.prisma.dataRequest.findUniqueOrThrow({ where: { id: request.id }, select: { exportJson: true } });
    const text = stored.exportJson!;
    const document = DataExportSchema.parse(JSON.parse(text));

    expect(Object.keys(JSON.parse(text))).toEqual([
      "format", "request_id", "generated_at", "profile", "two_factor", "sessions", "known_browsers", "app_authorizations", "consents",
      "security_events", "guardianships", "family", "membership", "linked_identities", "recovery_contacts", "verification_codes", "messages", "data_requests", "passkeys", "attendance",
      "check_in_cards", "event_registrations", "calendar_feeds",
    ]);
    const account = await database.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(document.profile).toEqual({
      id: member.id,
      email: member.email,
      email_verified_at: null,
      given_name: "Alice",
      family_name: "Export",
      phone: null,
      phone_verified_at: null,
      birth_date: null,
      locale: account.locale,
      has_password: true,
      roles: [],
      created_at: account.createdAt.toISOString(),
      updated_at: account.updatedAt.toISOString(),
    });
    expect(document.two_factor).toEqual({ status: "enabled", set_up_at: expect.any(String), enabled_at: expect.any(String), recovery_codes_total: 2, recovery_codes_used: 1 });
    // When each browser was seen, never its cookie's hash.
    expect(document.known_browsers).toEqual([{ first_seen_at: expect.any(String), last_seen_at: expect.any(String) }]);
    expect(document.guardianships).toEqual([{ id: mine.guardianshipId, role: "guardian", created_at: expect.any(String), ended_at: null }]);
    expect(document.family).toEqual([{ family_id: mine.familyId, family_name: mine.familyName, role: "adult", joined_at: expect.any(String) }]);
    expect(document.membership).toEqual({
      linked_record: { membership_id: mine.recordId, given_name: "Register", family_name: mine.recordFamilyName, birth_date: "1980-02-03", campus: null, linked_at: expect.any(String) },
      link_requests: [{ id: mine.linkRequestId, membership_id: mine.otherRecordId, status: "pending", created_at: expect.any(String) }],
    });
    expect(document.linked_identities).toEqual([
      { id: mine.identityId, provider: "privacy-test", issuer: "https://idp.privacy-test.invalid", subject: mine.subject, email: maskContact("email", mine.identityEmail), linked_at: expect.any(String), last_used_at: null },
    ]);
    const masked = maskContact("email", mine.contactValue);
    expect(document.recovery_contacts).toEqual([{ id: mine.contactId, channel: "email", value: masked, status: "verified", created_at: expect.any(String), verified_at: expect.any(String) }]);
    expect(document.verification_codes).toEqual([
      { id: mine.codeId, purpose: "email_verification", sent_to: member.email, attempts: 0, created_at: expect.any(String), expires_at: expect.any(String), used_at: null },
      { id: mine.contactCodeId, purpose: "recovery_contact_verification", sent_to: masked, attempts: 0, created_at: expect.any(String), expires_at: expect.any(String), used_at: null },
    ]);
    expect(document.messages).toEqual([
      { id: mine.messageId, channel: "email", recipient: member.email, subject: "Your code", created_at: expect.any(String), sent_at: null },
      { id: mine.contactMessageId, channel: "email", recipient: masked, subject: "Confirm this address", created_at: expect.any(String), sent_at: null },
    ]);
    // The earlier export is listed; this one is not in itself.
    expect(document.data_requests).toEqual([
      { id: earlier.id, type: "export", status: "fulfilled", created_at: T0.toISOString(), due_at: null, fulfilled_at: T0.toISOString(), cancelled_at: null },
    ]);

    const passwordHash = account.passwordHash!;
    const forbidden = [...mine.secrets, passwordHash, other.id, other.email!, ...Object.values(theirs).flat()];
    expect(forbidden.filter((value) => typeof value === "string" && text.includes(value))).toEqual([]);
  });

  it("download: the stored document exactly, logged each time; not someone else's, not a deletion", async () => {
    const member = await insertMember(database);
    const stranger = await insertMember(database);
    const request = await createDataRequest(database, member.id, "export", TEST_CONTEXT, T0);
    const { exportJson } = await database.prisma.dataRequest.findUniqueOrThrow({ where: { id: request.id }, select: { exportJson: true } });
    expect(await getDataExportOrThrow(database, member.id, request.id, TEST_CONTEXT)).toEqual({ json: exportJson, createdAt: T0 });
    expect((await securityEventsOf(database, member.id)).filter((event) => event.type === "data_export_downloaded")).toEqual([
      { type: "data_export_downloaded", detail: { request_id: request.id } },
    ]);

    const deletion = await createDataRequest(database, member.id, "deletion", TEST_CONTEXT, T0);
    const notFound = { code: "not_found", description: "export not found", headers: {} };
    expect(await rejection(getDataExportOrThrow(database, stranger.id, request.id, TEST_CONTEXT))).toEqual(notFound);
    expect(await rejection(getDataExportOrThrow(database, member.id, deletion.id, TEST_CONTEXT))).toEqual(notFound);
    expect(await rejection(getDataExportOrThrow(database, member.id, randomUUID(), TEST_CONTEXT))).toEqual(notFound);
    expect(await rejection(getDataExportOrThrow(database, member.id, "not-a-uuid", TEST_CONTEXT))).toEqual(notFound);
    expect(await securityEventsOf(database, stranger.id)).toEqual([]);
    expect((await eventTypes(member.id)).filter((type) => type === "data_export_downloaded")).toHaveLength(1);
  });

  it("at most five an hour: the sixth is too_many_requests until the first is an hour old, and writes nothing", async () => {
    const member = await insertMember(database);
    for (let minute = 0; minute < 5; minute += 1) await createDataRequest(database, member.id, "export", TEST_CONTEXT, at(minute * 60_000));
    expect(await rejection(createDataRequest(database, member.id, "export", TEST_CONTEXT, at(10 * 60_000)))).toEqual({
      code: "too_many_requests",
      description: "at most 5 exports an hour; try again later",
      headers: { "Retry-After": String(50 * 60) },
    });
    expect(await database.prisma.dataRequest.count({ where: { userId: member.id } })).toBe(5);
    expect((await eventTypes(member.id)).filter((type) => type === "data_export_requested")).toHaveLength(5);
    // An hour after the first, one is free again.
    expect((await createDataRequest(database, member.id, "export", TEST_CONTEXT, at(HOUR_MS))).status).toBe("fulfilled");
  });

  it("of an account that does not exist: not_found", async () => {
    expect(await rejection(createDataRequest(database, randomUUID(), "export", TEST_CONTEXT, T0))).toEqual({ code: "not_found", description: "account not found", headers: {} });
  });
});

describe("deletions", () => {
  it("wait for the grace period, logged and told to the member; one pending at a time", async () => {
    const member = await insertMember(database);
    const request = await createDataRequest(database, member.id, "deletion", TEST_CONTEXT, T0);
    expect(request).toEqual({ id: expect.any(String), type: "deletion", status: "pending", created_at: T0.toISOString(), due_at: at(14 * DAY_MS).toISOString() });
    expect(await securityEventsOf(database, member.id)).toEqual([{ type: "deletion_requested", detail: { request_id: request.id, due_at: at(14 * DAY_MS).toISOString() } }]);
    expect(await outboxTo(member.email!)).toBe(1);

    expect(await rejection(createDataRequest(database, member.id, "deletion", TEST_CONTEXT, at(HOUR_MS)))).toEqual({ code: "conflict", description: DELETION_ALREADY_PENDING, headers: {} });
    expect(await database.prisma.dataRequest.count({ where: { userId: member.id } })).toBe(1);
    expect(await eventTypes(member.id)).toEqual(["deletion_requested"]);
    expect(await outboxTo(member.email!)).toBe(1);
  });

  it("a pending one is cancelled once; cancelling again answers it as it is; anything else is refused", async () => {
    const member = await insertMember(database);
    const stranger = await insertMember(database);
    const deletion = await createDataRequest(database, member.id, "deletion", TEST_CONTEXT, T0);
    const cancelled = await cancelDeletionRequestOrThrow(database, member.id, deletion.id, TEST_CONTEXT, at(HOUR_MS));
    expect(cancelled).toEqual({ ...deletion, status: "cancelled", cancelled_at: at(HOUR_MS).toISOString() });
    expect(await cancelDeletionRequestOrThrow(database, member.id, deletion.id, TEST_CONTEXT, at(2 * HOUR_MS))).toEqual(cancelled);
    expect(await eventTypes(member.id)).toEqual(["deletion_cancelled", "deletion_requested"]);

    const exported = await createDataRequest(database, member.id, "export", TEST_CONTEXT, T0);
    expect(await rejection(cancelDeletionRequestOrThrow(database, member.id, exported.id, TEST_CONTEXT, T0))).toEqual({
      code: "conflict",
      description: ONLY_PENDING_DELETIONS_CANCEL,
      headers: {},
    });
    const notFound = { code: "not_found", description: "data request not found", headers: {} };
    const another = await createDataRequest(database, member.id, "deletion", TEST_CONTEXT, at(3 * HOUR_MS));
    expect(await rejection(cancelDeletionRequestOrThrow(database, stranger.id, another.id, TEST_CONTEXT, T0))).toEqual(notFound);
    expect(await rejection(cancelDeletionRequestOrThrow(database, member.id, "not-a-uuid", TEST_CONTEXT, T0))).toEqual(notFound);
    expect(await database.prisma.dataRequest.findUniqueOrThrow({ where: { id: another.id }, select: { status: true, cancelledAt: true } })).toEqual({ status: "pending", cancelledAt: null });
    expect(await securityEventsOf(database, stranger.id)).toEqual([]);
  });

  it("the member's requests are listed newest first", async () => {
    const member = await insertMember(database);
    const exported = await createDataRequest(database, member.id, "export", TEST_CONTEXT, T0);
    const deletion = await createDataRequest(database, member.id, "deletion", TEST_CONTEXT, at(HOUR_MS));
    await createDataRequest(database, (await insertMember(database)).id, "export", TEST_CONTEXT, at(2 * HOUR_MS));
    expect(await listDataRequests(database, member.id)).toEqual([deletion, exported]);
  });

  it("the run erases every member whose grace period is over, once, and leaves what others can still claim", async () => {
    // Requested 30 days before T0: due 16 days before it.
    const doomed = await insertMember(database, { phone: "+15550000077" });
    const neighbour = await insertMember(database, { phone: "+15550000077" });
    const deletion = await createDataRequest(database, doomed.id, "deletion", TEST_CONTEXT, at(-30 * DAY_MS));
    const copy = await createDataRequest(database, doomed.id, "export", TEST_CONTEXT, at(-31 * DAY_MS));
    const sessionId = await insertSession(database, doomed.id);
    const clientId = await insertClient(database);
    await insertGrant(database, { userId: doomed.id, clientId, sessionId });
    await grantConsent(database, { userId: doomed.id, clientId, scopes: ["openid"], context: TEST_CONTEXT }, at(-40 * DAY_MS));
    await database.prisma.authorizationRequest.create({
      data: { id: `test-${randomUUID()}`, params: {}, browserHash: "not-read-here", signedInSessionId: sessionId, expiresAt: at(HOUR_MS) },
    });
    const codes = { own: randomUUID(), shared: randomUUID() };
    await database.prisma.verificationCode.createMany({
      data: [
        { id: codes.own, purpose: "email_verification", subject: doomed.id, target: doomed.email!, codeHash: "x", expiresAt: at(HOUR_MS) },
        { id: codes.shared, purpose: "phone_verification", subject: neighbour.id, target: "+15550000077", codeHash: "x", expiresAt: at(HOUR_MS) },
      ],
    });
    await database.prisma.outboxMessage.createMany({
      data: [
        { channel: "email", recipient: doomed.email!, body: "x" },
        { channel: "sms", recipient: "+15550000077", body: "x" },
      ],
    });
    // Not due yet, and cancelled: both stay.
    const notDue = await createDataRequest(database, neighbour.id, "deletion", TEST_CONTEXT, T0);
    const calledOff = await insertMember(database);
    const cancelled = await createDataRequest(database, calledOff.id, "deletion", TEST_CONTEXT, at(-30 * DAY_MS));
    await cancelDeletionRequestOrThrow(database, calledOff.id, cancelled.id, TEST_CONTEXT, at(-29 * DAY_MS));

    expect(await runDueDeletions(database, { now: T0 })).toEqual({ carriedOut: [deletion.id] });
    expect(await database.prisma.user.findUnique({ where: { id: doomed.id } })).toBeNull();
    const done = await database.prisma.dataRequest.findUniqueOrThrow({ where: { id: deletion.id }, select: { status: true, userId: true, fulfilledAt: true, exportJson: true } });
    expect(done).toEqual({ status: "fulfilled", userId: null, fulfilledAt: expect.any(Date), exportJson: null });
    // The export, a copy of everything, went; so did everything tied to the account.
    expect(await database.prisma.dataRequest.count({ where: { id: copy.id } })).toBe(0);
    expect(await database.prisma.session.count({ where: { id: sessionId } })).toBe(0);
    expect(await database.prisma.grant.count({ where: { clientId } })).toBe(0);
    expect(await database.prisma.consent.count({ where: { clientId } })).toBe(0);
    expect(await database.prisma.authorizationRequest.count({ where: { signedInSessionId: sessionId } })).toBe(0);
    // Codes and messages to the account's own address went; the number the neighbour also uses keeps theirs.
    expect((await database.prisma.verificationCode.findMany({ where: { id: { in: [codes.own, codes.shared] } }, select: { id: true } })).map((row) => row.id)).toEqual([codes.shared]);
    expect(await outboxTo(doomed.email!)).toBe(0);
    expect(await outboxTo("+15550000077")).toBe(1);
    // The others are untouched.
    expect(await database.prisma.user.count({ where: { id: { in: [neighbour.id, calledOff.id] } } })).toBe(2);
    expect(await database.prisma.dataRequest.findMany({ where: { id: { in: [notDue.id, cancelled.id] } }, select: { status: true }, orderBy: { status: "asc" } })).toEqual([
      { status: "cancelled" },
      { status: "pending" },
    ]);

    expect(await runDueDeletions(database, { now: T0 })).toEqual({ carriedOut: [] });
  });

  it("the run takes everything of the member with them: second factor, roles, log, codes, guardianships, recovery contacts; two runs at once erase once", async () => {
    const doomed = await insertMember(database);
    const other = await insertMember(database);
    const deletion = await createDataRequest(database, doomed.id, "deletion", TEST_CONTEXT, at(-30 * DAY_MS));
    const { prisma } = database;
    await prisma.totpCredential.create({ data: { userId: doomed.id, secretEncrypted: "sealed", status: "confirmed", confirmedAt: at(-40 * DAY_MS) } });
    await prisma.recoveryCode.createMany({ data: [{ userId: doomed.id, codeHash: `rc-${randomUUID()}` }, { userId: doomed.id, codeHash: `rc-${randomUUID()}`, usedAt: at(-35 * DAY_MS) }] });
    await database.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = 'member'`, [doomed.id]);
    const clientId = await insertClient(database);
    const sessionId = await insertSession(database, doomed.id);
    await prisma.authorizationCode.create({
      data: { codeHash: `ac-${randomUUID()}`, clientId, userId: doomed.id, sessionId, redirectUri: "https://app.example/cb", scope: "openid", authTime: at(-31 * DAY_MS), amr: ["pwd"], expiresAt: at(HOUR_MS) },
    });
    // A child they guard (another person: their account stays); a recovery contact at an address of its own, with
    // its code and a message; and one at the other member's address, whose own code and mail must stay.
    const child = await insertMember(database, { email: null, password: false, birthDate: "2018-04-01" });
    const guardianship = await prisma.guardianship.create({ data: { guardianId: doomed.id, dependentId: child.id }, select: { id: true } });
    const ownAddress = `contact-${randomUUID()}@example.net`;
    const contact = await prisma.recoveryContact.create({ data: { userId: doomed.id, channel: "email", value: ownAddress, status: "verified", verifiedAt: at(-40 * DAY_MS) }, select: { id: true } });
    const contactCode = await prisma.verificationCode.create({
      data: { purpose: "recovery_contact_verification", subject: contact.id, target: ownAddress, codeHash: "x", expiresAt: at(HOUR_MS) },
      select: { id: true },
    });
    const contactMessage = await prisma.outboxMessage.create({ data: { channel: "email", recipient: ownAddress, body: "Confirm this address" }, select: { id: true } });
    await prisma.recoveryContact.create({ data: { userId: doomed.id, channel: "email", value: other.email!, status: "pending_verification" } });
    const othersOwnMessage = await prisma.outboxMessage.create({ data: { channel: "email", recipient: other.email!, body: "Your code" }, select: { id: true } });
    const othersOwnCode = await prisma.verificationCode.create({
      data: { purpose: "email_verification", subject: other.id, target: other.email!, codeHash: "x", expiresAt: at(HOUR_MS) },
      select: { id: true },
    });

    const runs = await Promise.all([runDueDeletions(database, { now: T0 }), runDueDeletions(database, { now: T0 })]);
    expect(runs.flatMap((run) => run.carriedOut)).toEqual([deletion.id]);

    for (const table of ["session", "oauth_grant", "consent", "security_event", "totp_credential", "recovery_code", "user_role", "authorization_code", "recovery_contact"]) {
      expect(await database.query(`SELECT 1 FROM ${table} WHERE user_id = $1::uuid`, [doomed.id]), table).toEqual([]);
    }
    expect(await prisma.guardianship.count({ where: { id: guardianship.id } })).toBe(0);
    expect(await prisma.user.count({ where: { id: child.id } })).toBe(1);
    // The contact's code and the message to it went; the other member's own code and mail at that address stay.
    expect(await prisma.verificationCode.count({ where: { id: contactCode.id } })).toBe(0);
    expect(await prisma.outboxMessage.count({ where: { id: contactMessage.id } })).toBe(0);
    expect(await prisma.verificationCode.count({ where: { id: othersOwnCode.id } })).toBe(1);
    expect(await prisma.outboxMessage.count({ where: { id: othersOwnMessage.id } })).toBe(1);
  });
});
