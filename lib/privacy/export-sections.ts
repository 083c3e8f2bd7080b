import "server-only";
import { maskContact } from "../contacts/mask-contact.ts";
import type { Database } from "../db/database.ts";
import type { ExportSections } from "./schemas.ts";
import { iso, isoOrNull } from "./timestamps.ts";

/**
 * The collectors of the export document, one per section of `ExportSectionsSchema`. Each reads one kind
 * of record of one member and answers it in the document's shape: only the columns a member may see
 * (never a hash, secret, token or message body) and never a row of another person.
 *
 * Recovery contacts, and the codes and messages sent to them or to a phone number not yet verified, are
 * shown masked, as every answer shows them: the export is an answer too, and a file that leaves the
 * account page more easily than anything else.
 *
 * Adding a kind of record is one
 * field in `ExportSectionsSchema` and one function here; the mapped type below makes the compiler refuse
 * a section without its collector.
 */
export interface ExportSubject {
  userId: string;
  /** The account's addresses, for records keyed by address rather than by account (codes, messages). */
  email: string | null;
  phone: string | null;
}

type Collector<Name extends keyof ExportSections> = (database: Database, subject: ExportSubject) => Promise<ExportSections[Name]>;

/** The member's addresses, the values the address-keyed sections match. */
const addressesOf = (subject: ExportSubject) => [subject.email, subject.phone].filter((value): value is string => !!value);

/** The account's own email and phone are shown as they are; any other address or number masked. */
const shownAddress = (subject: ExportSubject, value: string) =>
  addressesOf(subject).includes(value) ? value : maskContact(value.includes("@") ? "email" : "phone", value);

/** The member's recovery contacts: codes are keyed by a contact's id, messages by its value. */
const recoveryContactsOf = (database: Database, userId: string) =>
  database.prisma.recoveryContact.findMany({ where: { userId }, select: { id: true, value: true } });

/** Oldest first, ties in id order: every list section is in the order its records were made. */
const oldestFirst = () => [{ createdAt: "asc" as const }, { id: "asc" as const }];

export const EXPORT_SECTIONS: { [Name in keyof ExportSections]: Collector<Name> } = {
  async profile(database, { userId }) {
    const account = await database.prisma.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        email: true,
        emailVerifiedAt: true,
        givenName: true,
        familyName: true,
        phone: true,
        phoneVerifiedAt: true,
        birthDate: true,
        locale: true,
        // Only whether there is one: the hash never leaves this function.
        passwordHash: true,
        createdAt: true,
        updatedAt: true,
        roles: { select: { role: { select: { name: true } } }, orderBy: { role: { name: "asc" } } },
      },
    });
    if (!account) throw new Error("the account to export does not exist");
    return {
      id: account.id,
      email: account.email,
      email_verified_at: isoOrNull(account.emailVerifiedAt),
      given_name: account.givenName,
      family_name: account.familyName,
      phone: account.phone,
      phone_verified_at: isoOrNull(account.phoneVerifiedAt),
      birth_date: account.birthDate,
      locale: account.locale,
      has_password: account.passwordHash !== null,
      roles: account.roles.map((entry) => entry.role.name),
      created_at: iso(account.createdAt),
      updated_at: iso(account.updatedAt),
    };
  },

  async two_factor(database, { userId }) {
    const credential = await database.prisma.totpCredential.findUnique({ where: { userId }, select: { status: true, createdAt: true, confirmedAt: true } });
    const total = await database.prisma.recoveryCode.count({ where: { userId } });
    const used = await database.prisma.recoveryCode.count({ where: { userId, usedAt: { not: null } } });
    const status = credential?.status === "confirmed" ? "enabled" : credential?.status === "pending" ? "pending" : "disabled";
    return {
      status,
      set_up_at: isoOrNull(credential?.createdAt),
      enabled_at: status === "enabled" ? isoOrNull(credential?.confirmedAt) : null,
      recovery_codes_total: total,
      recovery_codes_used: used,
    };
  },

  async sessions(database, { userId }) {
    const sessions = await database.prisma.session.findMany({
      where: { userId },
      select: { id: true, createdAt: true, lastSeenAt: true, expiresAt: true, revokedAt: true, authTime: true, amr: true, ip: true, userAgent: true },
      orderBy: oldestFirst(),
    });
    return sessions.map((session) => ({
      id: session.id,
      created_at: iso(session.createdAt),
      last_seen_at: iso(session.lastSeenAt),
      expires_at: iso(session.expiresAt),
      revoked_at: isoOrNull(session.revokedAt),
      authenticated_at: iso(session.authTime),
      methods: session.amr,
      ip: session.ip,
      user_agent: session.userAgent,
    }));
  },

  async known_browsers(database, { userId }) {
    const devices = await database.prisma.knownDevice.findMany({
      where: { userId },
      select: { firstSeenAt: true, lastSeenAt: true },
      orderBy: [{ firstSeenAt: "asc" }, { deviceHash: "asc" }],
    });
    return devices.map((device) => ({ first_seen_at: iso(device.firstSeenAt), last_seen_at: iso(device.lastSeenAt) }));
  },

  async app_authorizations(database, { userId }) {
    const grants = await database.prisma.grant.findMany({
      where: { userId },
      select: { id: true, clientId: true, client: { select: { name: true } }, scope: true, sessionId: true, createdAt: true, revokedAt: true, revokedReason: true },
      orderBy: oldestFirst(),
    });
    return grants.map((grant) => ({
      id: grant.id,
      client_id: grant.clientId,
      client_name: grant.client.name,
      scope: grant.scope,
      session_id: grant.sessionId,
      created_at: iso(grant.createdAt),
      revoked_at: isoOrNull(grant.revokedAt),
      revoked_reason: grant.revokedReason,
    }));
  },

  async consents(database, { userId }) {
    const consents = await database.prisma.consent.findMany({
      where: { userId },
      select: { id: true, clientId: true, client: { select: { name: true } }, scopes: true, status: true, grantedAt: true, revokedAt: true },
      orderBy: [{ grantedAt: "asc" }, { id: "asc" }],
    });
    return consents.map((consent) => ({
      id: consent.id,
      client_id: consent.clientId,
      client_name: consent.client.name,
      scopes: consent.scopes,
      status: consent.status,
      granted_at: iso(consent.grantedAt),
      revoked_at: isoOrNull(consent.revokedAt),
    }));
  },

  async security_events(database, { userId }) {
    const events = await database.prisma.securityEvent.findMany({
      where: { userId },
      select: { id: true, type: true, createdAt: true, ip: true, userAgent: true, detail: true },
      orderBy: oldestFirst(),
    });
    return events.map((event) => ({
      id: event.id,
      type: event.type,
      created_at: iso(event.createdAt),
      ip: event.ip,
      user_agent: event.userAgent,
      detail: event.detail as Record<string, unknown> | null,
    }));
  },

  async guardianships(database, { userId }) {
    const guardianships = await database.prisma.guardianship.findMany({
      where: { OR: [{ guardianId: userId }, { dependentId: userId }] },
      select: { id: true, guardianId: true, createdAt: true, endedAt: true },
      orderBy: oldestFirst(),
    });
    return guardianships.map((guardianship) => ({
      id: guardianship.id,
      role: guardianship.guardianId === userId ? ("guardian" as const) : ("dependent" as const),
      created_at: iso(guardianship.createdAt),
      ended_at: isoOrNull(guardianship.endedAt),
    }));
  },

  async family(database, { userId }) {
    // The family code is a key to the household: never exported, like any other secret.
    const memberships = await database.prisma.familyMember.findMany({
      where: { userId },
      select: { familyId: true, family: { select: { name: true } }, role: true, joinedAt: true },
      orderBy: { joinedAt: "asc" },
    });
    return memberships.map((membership) => ({
      family_id: membership.familyId,
      family_name: membership.family.name,
      role: membership.role,
      joined_at: iso(membership.joinedAt),
    }));
  },

  async membership(database, { userId }) {
    const record = await database.prisma.membershipRecord.findUnique({
      where: { linkedUserId: userId },
      select: { id: true, givenName: true, familyName: true, birthDate: true, campus: { select: { name: true } }, linkedAt: true },
    });
    const requests = await database.prisma.membershipLinkRequest.findMany({
      where: { userId },
      select: { id: true, membershipId: true, status: true, createdAt: true },
      orderBy: oldestFirst(),
    });
    return {
      linked_record: record
        ? {
            membership_id: record.id,
            given_name: record.givenName,
            family_name: record.familyName,
            birth_date: record.birthDate,
            campus: record.campus?.name ?? null,
            linked_at: isoOrNull(record.linkedAt),
          }
        : null,
      link_requests: requests.map((request) => ({ id: request.id, membership_id: request.membershipId, status: request.status, created_at: iso(request.createdAt) })),
    };
  },

  async linked_identities(database, { userId }) {
    const identities = await database.prisma.federatedIdentity.findMany({
      where: { userId },
      select: { id: true, providerId: true, issuer: true, subject: true, email: true, linkedAt: true, lastUsedAt: true },
      orderBy: [{ linkedAt: "asc" }, { id: "asc" }],
    });
    return identities.map((identity) => ({
      id: identity.id,
      provider: identity.providerId,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email ? maskContact("email", identity.email) : null,
      linked_at: iso(identity.linkedAt),
      last_used_at: isoOrNull(identity.lastUsedAt),
    }));
  },

  async recovery_contacts(database, { userId }) {
    const contacts = await database.prisma.recoveryContact.findMany({
      where: { userId },
      select: { id: true, channel: true, value: true, status: true, createdAt: true, verifiedAt: true },
      orderBy: oldestFirst(),
    });
    return contacts.map((contact) => ({
      id: contact.id,
      channel: contact.channel,
      value: maskContact(contact.channel as "email" | "phone", contact.value),
      status: contact.status,
      created_at: iso(contact.createdAt),
      verified_at: isoOrNull(contact.verifiedAt),
    }));
  },

  async verification_codes(database, subject) {
    // Codes are keyed by account once it exists, by address before (registration), and by a recovery
    // contact's id: all of them are the member's.
    const contactIds = (await recoveryContactsOf(database, subject.userId)).map((contact) => contact.id);
    const codes = await database.prisma.verificationCode.findMany({
      where: { OR: [{ subject: subject.userId }, { subject: { in: [...addressesOf(subject), ...contactIds] } }, { target: { in: addressesOf(subject) } }] },
      select: { id: true, purpose: true, target: true, attempts: true, createdAt: true, expiresAt: true, usedAt: true },
      orderBy: oldestFirst(),
    });
    return codes.map((code) => ({
      id: code.id,
      purpose: code.purpose,
      sent_to: shownAddress(subject, code.target),
      attempts: code.attempts,
      created_at: iso(code.createdAt),
      expires_at: iso(code.expiresAt),
      used_at: isoOrNull(code.usedAt),
    }));
  },

  async messages(database, subject) {
    // Bodies are left out: they may hold a code or link that still works.
    const contactValues = (await recoveryContactsOf(database, subject.userId)).map((contact) => contact.value);
    const messages = await database.prisma.outboxMessage.findMany({
      where: { recipient: { in: [...addressesOf(subject), ...contactValues] } },
      select: { id: true, channel: true, recipient: true, subject: true, createdAt: true, sentAt: true },
      orderBy: oldestFirst(),
    });
    return messages.map((message) => ({
      id: message.id,
      channel: message.channel,
      recipient: shownAddress(subject, message.recipient),
      subject: message.subject,
      created_at: iso(message.createdAt),
      sent_at: isoOrNull(message.sentAt),
    }));
  },

  async data_requests(database, { userId }) {
    const requests = await database.prisma.dataRequest.findMany({
      where: { userId },
      select: { id: true, type: true, status: true, createdAt: true, dueAt: true, fulfilledAt: true, cancelledAt: true },
      orderBy: oldestFirst(),
    });
    return requests.map((request) => ({
      id: request.id,
      type: request.type,
      status: request.status,
      created_at: iso(request.createdAt),
      due_at: isoOrNull(request.dueAt),
      fulfilled_at: isoOrNull(request.fulfilledAt),
      cancelled_at: isoOrNull(request.cancelledAt),
    }));
  },

  async passkeys(database, { userId }) {
    // Names and dates: the credential id and public key are the authenticator's business, not the member's data to carry.
    const passkeys = await database.prisma.passkey.findMany({
      where: { userId },
      select: { id: true, name: true, deviceType: true, backedUp: true, createdAt: true, lastUsedAt: true },
      orderBy: oldestFirst(),
    });
    return passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      synced: passkey.deviceType === "multiDevice",
      backed_up: passkey.backedUp,
      created_at: iso(passkey.createdAt),
      last_used_at: isoOrNull(passkey.lastUsedAt),
    }));
  },

  async attendance(database, { userId }) {
    // Undone check-ins were mistakes and count for nothing; the pickup code is the household's, not data to carry.
    const checkIns = await database.prisma.checkIn.findMany({
      where: { personId: userId, undoneAt: null },
      select: { id: true, eventId: true, event: { select: { title: true } }, method: true, checkedInAt: true, checkedOutAt: true },
      orderBy: [{ checkedInAt: "asc" }, { id: "asc" }],
    });
    return checkIns.map((checkIn) => ({
      id: checkIn.id,
      event_id: checkIn.eventId,
      event_title: checkIn.event.title,
      method: checkIn.method,
      checked_in_at: iso(checkIn.checkedInAt),
      checked_out_at: isoOrNull(checkIn.checkedOutAt),
    }));
  },

  async check_in_cards(database, { userId }) {
    // The printed code is shown once and only its hash is kept; neither belongs in an export.
    const cards = await database.prisma.checkInCard.findMany({
      where: { userId },
      select: { id: true, createdAt: true, revokedAt: true, lastUsedAt: true },
      orderBy: oldestFirst(),
    });
    return cards.map((card) => ({ id: card.id, created_at: iso(card.createdAt), revoked_at: isoOrNull(card.revokedAt), last_used_at: isoOrNull(card.lastUsedAt) }));
  },

  async event_registrations(database, { userId }) {
    // Sign-ups for the member, cancelled ones too (they are the member's history); who else signed them up is someone else's data.
    const registrations = await database.prisma.eventRegistration.findMany({
      where: { personId: userId },
      select: { id: true, eventId: true, event: { select: { title: true } }, status: true, registeredBy: true, createdAt: true, promotedAt: true, cancelledAt: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return registrations.map((registration) => ({
      id: registration.id,
      event_id: registration.eventId,
      event_title: registration.event.title,
      status: registration.status as "registered" | "waitlisted" | "cancelled",
      registered_by_self: registration.registeredBy === userId,
      created_at: iso(registration.createdAt),
      promoted_at: isoOrNull(registration.promotedAt),
      cancelled_at: isoOrNull(registration.cancelledAt),
    }));
  },

  async calendar_feeds(database, { userId }) {
    // The feed's address is shown once and only its token's hash is kept; neither belongs in an export (decision 0025).
    const feeds = await database.prisma.calendarFeedToken.findMany({
      where: { userId },
      select: { id: true, createdAt: true, revokedAt: true, lastUsedAt: true },
      orderBy: oldestFirst(),
    });
    return feeds.map((feed) => ({ id: feed.id, created_at: iso(feed.createdAt), revoked_at: isoOrNull(feed.revokedAt), last_used_at: isoOrNull(feed.lastUsedAt) }));
  },
};

/** Every section, in the document's order, read inside the caller's transaction (one consistent picture). */
export async function collectExportSections(database: Database, subject: ExportSubject): Promise<ExportSections> {
  const sections: Partial<Record<keyof ExportSections, unknown>> = {};
  // One after the other: a transaction runs one statement at a time anyway.
  for (const name of Object.keys(EXPORT_SECTIONS) as (keyof ExportSections)[]) {
    sections[name] = await EXPORT_SECTIONS[name](database, subject);
  }
  return sections as ExportSections;
}
