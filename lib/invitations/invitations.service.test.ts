import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../crypto/password.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { removeMailServer, saveMailServer } from "../church-settings/mail-server.ts";
import { mailServerBodySchema } from "../church-settings/schemas.ts";
import { IdentityError } from "../identity/errors.ts";
import { MAX_DELIVERY_ATTEMPTS } from "../outbox/deliver-messages.ts";
import { startTestMailServer } from "../outbox/test-mail-server.ts";
import { acceptInvitation, checkInvitation } from "./accept-invitation.ts";
import { listInvitations } from "./list-invitations.ts";
import { inviteRecords, resendInvitation, revokeInvitation } from "./send-invitations.ts";

// Invitations (issue 40): an email with a one-time link to each record that can have one; the link makes the
// account (or links the one with that address, by its password), linked to the record and its household at
// once; sent again, the old link dies; withdrawn or 14 days old, it opens nothing. On PGlite and PostgreSQL.
// The operator allows private addresses, so the last test's mail server on this machine can refuse an address.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" });
const context = { ip: "203.0.113.7", userAgent: "invitation test" };
const PASSWORD = "harbour lantern seventy kites";

let staffId = "";
beforeAll(async () => {
  staffId = (await database.prisma.user.create({ data: { email: "office@grace.example", givenName: "Olive", familyName: "Office" }, select: { id: true } })).id;
  await database.query(
    `INSERT INTO membership_record (id, given_name, family_name, birth_date, email, household_id, household_name) VALUES
       ('mbr_ada', 'Ada', 'Okafor', '1980-02-03', 'ada@okafor.example', 'H7', 'The Okafor Household'),
       ('mbr_ben', 'Ben', 'Okafor', '1979-05-06', 'ben@okafor.example', 'H7', 'The Okafor Household'),
       ('mbr_kid', 'Kemi', 'Okafor', $1, 'kemi@okafor.example', 'H7', 'The Okafor Household'),
       ('mbr_nomail', 'Nia', 'Mensah', NULL, NULL, NULL, NULL),
       ('mbr_known', 'Kofi', 'Mensah', NULL, 'kofi@mensah.example', NULL, NULL)`,
    [`${new Date().getUTCFullYear() - 10}-01-01`],
  );
});

/** The token of the newest invitation email to this address, as the person's mail app shows the link. */
async function tokenSentTo(email: string): Promise<string> {
  const [message] = await database.query<{ body: string }>(`SELECT body FROM outbox_message WHERE recipient = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [email]);
  return /\/invitation#([A-Za-z0-9_-]+)/.exec(message!.body)![1]!;
}

describe("invitations", () => {
  it("go to records with an address, not linked and not invited yet; the token is kept only as its hash", async () => {
    const outcome = await inviteRecords(database, { recordIds: ["mbr_ada", "mbr_ben", "mbr_kid", "mbr_nomail", "mbr_known", "mbr_nobody"] }, staffId);
    expect(outcome).toEqual({ invited: 4, skipped: { no_email: 1, already_linked: 0, already_invited: 0, not_found: 1 } });
    expect((await inviteRecords(database, { recordIds: ["mbr_ada"] }, staffId)).skipped.already_invited).toBe(1);
    const token = await tokenSentTo("ada@okafor.example");
    const stored = await database.query<{ token_hash: string }>(`SELECT token_hash FROM invitation WHERE token_hash = $1`, [token]);
    expect(stored).toEqual([]);
    expect(await checkInvitation(database, token)).toEqual({ given_name: "Ada", family_name: "Okafor", email: "ada@okafor.example", has_account: false });
  });

  it("make the account with a password judged as at registration, verified, linked to the record, in a household named by the register", async () => {
    const token = await tokenSentTo("ada@okafor.example");
    expect(await thrownBy(IdentityError, acceptInvitation(database, { token, password: "short" }, context))).toMatchObject({ code: "invalid_request", description: expect.stringMatching(/^password: /) });
    expect(await acceptInvitation(database, { token, password: PASSWORD }, context)).toEqual({ email: "ada@okafor.example", created: true });
    const [account] = await database.query<{ id: string; verified: boolean; linked: string; family: string; role: string; roles: string[] }>(
      `SELECT a.id::text, a.email_verified_at IS NOT NULL AS verified, m.id AS linked, f.name AS family, fm.role,
              array(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = a.id) AS roles
         FROM account a JOIN membership_record m ON m.linked_user_id = a.id JOIN family_member fm ON fm.user_id = a.id JOIN family f ON f.id = fm.family_id
        WHERE a.email = 'ada@okafor.example'`,
    );
    expect(account).toMatchObject({ verified: true, linked: "mbr_ada", family: "The Okafor Household", role: "adult", roles: ["member"] });
    // Spent: the link opens nothing now.
    expect((await thrownBy(IdentityError, checkInvitation(database, token))).code).toBe("not_found");
  });

  it("put the rest of the register's household in the same household, a child as a child", async () => {
    await acceptInvitation(database, { token: await tokenSentTo("ben@okafor.example"), password: PASSWORD }, context);
    await acceptInvitation(database, { token: await tokenSentTo("kemi@okafor.example"), password: PASSWORD }, context);
    const members = await database.query<{ given_name: string; role: string; family: string }>(
      `SELECT a.given_name, fm.role, f.name AS family FROM family_member fm JOIN account a ON a.id = fm.user_id JOIN family f ON f.id = fm.family_id
        WHERE a.family_name = 'Okafor' ORDER BY a.given_name`,
    );
    expect(members).toEqual([
      { given_name: "Ada", role: "adult", family: "The Okafor Household" },
      { given_name: "Ben", role: "adult", family: "The Okafor Household" },
      { given_name: "Kemi", role: "child", family: "The Okafor Household" },
    ]);
    expect(new Set((await database.query<{ family_id: string }>(`SELECT fm.family_id::text FROM family_member fm JOIN account a ON a.id = fm.user_id WHERE a.family_name = 'Okafor'`)).map((row) => row.family_id)).size).toBe(1);
  });

  it("link the account an address has already, by its password", async () => {
    await database.prisma.user.create({ data: { email: "kofi@mensah.example", givenName: "Kofi", familyName: "Mensah", emailVerifiedAt: new Date(), passwordHash: await hashPassword(PASSWORD) }, select: { id: true } });
    const token = await tokenSentTo("kofi@mensah.example");
    expect((await checkInvitation(database, token)).has_account).toBe(true);
    expect(await thrownBy(IdentityError, acceptInvitation(database, { token, password: "not the password at all" }, context))).toMatchObject({ description: "password: is not this account’s password" });
    expect(await acceptInvitation(database, { token, password: PASSWORD }, context)).toEqual({ email: "kofi@mensah.example", created: false });
    const [record] = await database.query<{ email: string }>(`SELECT a.email FROM membership_record m JOIN account a ON a.id = m.linked_user_id WHERE m.id = 'mbr_known'`);
    expect(record).toEqual({ email: "kofi@mensah.example" });
  });

  it("sent again get a new link and the old one dies; withdrawn or past 14 days, they open nothing", async () => {
    await database.query(`INSERT INTO membership_record (id, given_name, family_name, email) VALUES ('mbr_late', 'Lena', 'Late', 'lena@late.example')`);
    await inviteRecords(database, { recordIds: ["mbr_late"] }, staffId);
    const first = await tokenSentTo("lena@late.example");
    const [invitation] = await database.query<{ id: string }>(`SELECT id::text FROM invitation WHERE record_id = 'mbr_late'`);
    await resendInvitation(database, invitation!.id);
    const second = await tokenSentTo("lena@late.example");
    expect(second).not.toBe(first);
    expect((await thrownBy(IdentityError, checkInvitation(database, first))).code).toBe("not_found");
    expect((await thrownBy(IdentityError, checkInvitation(database, second, new Date(Date.now() + 15 * 86_400_000)))).code).toBe("not_found");
    await revokeInvitation(database, invitation!.id);
    expect((await thrownBy(IdentityError, checkInvitation(database, second))).code).toBe("not_found");
    expect((await thrownBy(IdentityError, resendInvitation(database, invitation!.id))).code).toBe("conflict");
  });

  it("go to everyone a search of the register finds without an account, as its list searches", async () => {
    const linked = (await database.prisma.user.create({ data: { email: "sam@searchwell.example", givenName: "Sam", familyName: "Searchwell" }, select: { id: true } })).id;
    await database.query(
      `INSERT INTO membership_record (id, given_name, family_name, email, linked_user_id) VALUES
         ('mbr_sw1', 'Ana', 'Searchwell', 'ana@searchwell.example', NULL),
         ('mbr_sw2', 'Bo', 'Searchwell', NULL, NULL),
         ('mbr_sw3', 'Sam', 'Searchwell', 'sam@searchwell.example', $1::uuid),
         ('mbr_sw4', 'Cy', 'Elsewhere', 'cy@searchwell.example', NULL)`,
      [linked],
    );
    // "searchwell" finds the three by name and Cy by address; Sam has an account and is not even looked at.
    expect(await inviteRecords(database, { registerSearch: "searchwell" }, staffId)).toEqual({ invited: 2, skipped: { no_email: 1, already_linked: 0, already_invited: 0, not_found: 0 } });
    expect((await inviteRecords(database, { registerSearch: "searchwell" }, staffId)).skipped.already_invited).toBe(2);
  });

  it("are listed by state, newest first", async () => {
    const accepted = await listInvitations(database, { page: 1, per: 100, sort: "-sentAt", q: undefined, status: "accepted" });
    expect(accepted.items.map((item) => item.given_name).sort()).toEqual(["Ada", "Ben", "Kemi", "Kofi"]);
    const revoked = await listInvitations(database, { page: 1, per: 100, sort: "-sentAt", q: "late", status: undefined });
    expect(revoked.items).toEqual([expect.objectContaining({ given_name: "Lena", status: "revoked", sent_count: 2 })]);
  });
});

describe("an invitation whose address the mail server refuses", () => {
  it("shows as not delivered and is not tried again; corrected in the register and sent again, it goes", async () => {
    const smtp = await startTestMailServer({ refuse: (address) => address.endsWith("@refused.example") });
    const statusOf = async () => (await listInvitations(database, { page: 1, per: 10, sort: "-sentAt", q: "Typo", status: undefined })).items[0]?.status;
    try {
      await saveMailServer(database, mailServerBodySchema.parse({ host: "127.0.0.1", port: smtp.port, security: "none", from_address: "office@grace.example" }));
      await database.query(`INSERT INTO membership_record (id, given_name, family_name, email) VALUES ('mbr_typo', 'Tom', 'Typo', 'tom@refused.example')`);
      await inviteRecords(database, { recordIds: ["mbr_typo"] }, staffId);
      // A few invitations are delivered at once, after the write commits.
      await expect.poll(statusOf, { timeout: 15_000 }).toBe("bounced");
      const [message] = await database.query<{ attempts: number; last_error: string }>(`SELECT o.attempts, o.last_error FROM outbox_message o JOIN invitation i ON i.message_id = o.id WHERE i.record_id = 'mbr_typo'`);
      expect(message).toMatchObject({ attempts: MAX_DELIVERY_ATTEMPTS, last_error: expect.stringContaining("no mailbox here") });
      expect((await listInvitations(database, { page: 1, per: 10, sort: "-sentAt", q: undefined, status: "bounced" })).items.map((item) => item.given_name)).toEqual(["Tom"]);

      await database.query(`UPDATE membership_record SET email = 'tom@typo.example' WHERE id = 'mbr_typo'`);
      const [invitation] = await database.query<{ id: string }>(`SELECT id::text FROM invitation WHERE record_id = 'mbr_typo'`);
      await resendInvitation(database, invitation!.id);
      await expect.poll(() => smtp.received.some((mail) => mail.to.includes("tom@typo.example")), { timeout: 15_000 }).toBe(true);
      expect(await statusOf()).toBe("sent");
    } finally {
      await removeMailServer(database);
      await smtp.close();
    }
  });
});
