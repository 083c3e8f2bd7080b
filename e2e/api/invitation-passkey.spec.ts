import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, conflict, invalidRequest } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { insertRecord } from "../support/membership.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { ISSUER } from "../support/oauth-client.ts";
import { attestRegistration, newSoftwarePasskey } from "../support/software-authenticator.ts";

/**
 * An invitation accepted with a passkey (issue 40), through its API with a software authenticator: the options
 * are bound to the invitation, answered once, at this origin; an answer from elsewhere or without options
 * makes nothing; an address that has an account is sent to its password. The browser's journey is
 * e2e/passkeys/invitation-passkey.spec.ts. Every answer is also checked against the OpenAPI document.
 */
callFromOwnIp();

const OPTIONS = "/api/v1/invitations/passkey-options";
const ACCEPT = "/api/v1/invitations/accept";
const NOT_VERIFIED = "the passkey could not be verified: the browser's answer does not match the registration that was started here";
const NO_WAITING = "there is no passkey waiting for this invitation (it expired or was already used); start again";
const GONE = "this invitation link does not work: it was used, replaced or withdrawn, or it is more than 14 days old";

async function invitedRecord(email: string) {
  const record = await insertRecord({ email });
  const token = randomBytes(32).toString("base64url");
  await sql(`INSERT INTO invitation (record_id, email, token_hash, status, expires_at) VALUES ($1, $2, $3, 'sent', now() + interval '14 days')`, [
    record.id,
    email,
    createHash("sha256").update(token).digest("base64url"),
  ]);
  return { record, token };
}

const answerFor = (challenge: string, origin = new URL(ISSUER).origin) => attestRegistration(newSoftwarePasskey(), { challenge, origin, rpId: new URL(ISSUER).hostname });

test("the options are bound to the invitation and answered once; the account is made with the passkey and no password", async () => {
  const email = `${randomBytes(6).toString("hex")}@invite-api.example`;
  const { record, token } = await invitedRecord(email);

  // No options asked for: nothing to answer.
  const early = await api("POST", ACCEPT, null, { body: { token, passkey: { response: answerFor(randomBytes(32).toString("base64url")) } } });
  expect([early.status, early.body]).toEqual([400, invalidRequest(NO_WAITING)]);

  // An answer made for another site is refused, and the challenge is spent with it.
  const first = await api("POST", OPTIONS, null, { body: { token } });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ user: { name: email }, authenticatorSelection: { residentKey: "required", userVerification: "required" }, attestation: "none" });
  const elsewhere = await api("POST", ACCEPT, null, { body: { token, passkey: { response: answerFor(first.body.challenge as string, "https://evil.example") } } });
  expect([elsewhere.status, elsewhere.body]).toEqual([400, invalidRequest(NOT_VERIFIED)]);
  expect(await sql(`SELECT 1 FROM account WHERE email = $1`, [email])).toEqual([]);
  const replayed = await api("POST", ACCEPT, null, { body: { token, passkey: { response: answerFor(first.body.challenge as string) } } });
  expect([replayed.status, replayed.body]).toEqual([400, invalidRequest(NO_WAITING)]);

  const options = await api("POST", OPTIONS, null, { body: { token } });
  const accepted = await api("POST", ACCEPT, null, { body: { token, passkey: { name: "My phone", response: answerFor(options.body.challenge as string) } } });
  expect([accepted.status, accepted.body]).toEqual([200, { email, created: true }]);
  const [account] = await sql<{ id: string; password_hash: string | null; passkey: string; linked: string }>(
    `SELECT a.id::text, a.password_hash, p.name AS passkey, m.linked_user_id::text AS linked FROM account a JOIN passkey p ON p.user_id = a.id JOIN membership_record m ON m.id = $2 WHERE a.email = $1`,
    [email, record.id],
  );
  expect(account).toEqual({ id: account!.id, password_hash: null, passkey: "My phone", linked: account!.id });
  // The options promised the account's id as the passkey's user handle.
  expect(Buffer.from(options.body.user.id as string, "base64url").toString("hex")).toBe(account!.id.replace(/-/g, ""));

  const again = await api("POST", OPTIONS, null, { body: { token } });
  expect([again.status, again.body]).toEqual([404, { error: "not_found", error_description: GONE }]);
});

test("an address that has an account links it by its password: no passkey options", async () => {
  const member = await createTestMember("invite-passkey-existing");
  const { token } = await invitedRecord(member.email);
  const refused = await api("POST", OPTIONS, null, { body: { token } });
  expect([refused.status, refused.body]).toEqual([409, conflict("you already have an account with this address: enter its password to link it")]);
});
