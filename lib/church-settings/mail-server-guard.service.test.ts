import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSecret } from "../crypto/secret-box.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { IdentityError } from "../identity/errors.ts";
import { MAIL_SERVER_SEAL } from "../outbox/mail-transport.ts";
import { sendTestEmail } from "../outbox/test-email.ts";
import { startTestMailServer } from "../outbox/test-mail-server.ts";
import { mailServerUrl } from "./mail-server-address.ts";
import { saveMailServer } from "./mail-server.ts";
import { mailServerBodySchema } from "./schemas.ts";
import { saveChurchSettings } from "./update-church-settings.ts";

// An administrator's mail server is an outbound call like any other (issue 39): unless the operator allows
// private addresses, one on this machine or the network behind it is refused when saved, and again where
// delivery connects, so a server saved while they were allowed (or a name that changes its answer) reaches nothing.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "false" });

let smtp: Awaited<ReturnType<typeof startTestMailServer>>;
beforeAll(async () => {
  smtp = await startTestMailServer();
});
afterAll(() => smtp.close());

const body = (host: string) => mailServerBodySchema.parse({ host, port: 587, security: "starttls", username: "office", password: "secret", from_address: "office@grace.example" });

describe("a mail server on a private address", () => {
  it.each(["127.0.0.1", "10.1.2.3", "[::1]", "localhost"])("is refused when saved: %s", async (host) => {
    const refused = await thrownBy(IdentityError, saveMailServer(database, body(host)));
    expect(refused).toMatchObject({ code: "invalid_request", description: expect.stringMatching(/^host: this is a private or loopback address/) });
    const [row] = await database.query<{ smtp_url_encrypted: string | null }>("SELECT smtp_url_encrypted FROM church_settings WHERE id = 1");
    expect(row?.smtp_url_encrypted ?? null).toBeNull();
  });

  it("is refused when saved under a name that does not resolve", async () => {
    expect(await thrownBy(IdentityError, saveMailServer(database, body("mail.invalid")))).toMatchObject({ description: "host: no mail server called mail.invalid was found" });
  });

  it("reaches nothing when one is in the row already: delivery refuses it where it connects", async () => {
    const url = mailServerUrl({ host: "127.0.0.1", port: smtp.port, security: "none", username: null, password: null });
    await saveChurchSettings(database, { smtpUrlEncrypted: await sealSecret(MAIL_SERVER_SEAL, url), smtpFrom: "office@grace.example" });
    const answer = await sendTestEmail(database, "pat@example.org");
    expect(answer).toEqual({ sent: false, problem: expect.stringContaining("private or loopback") });
    expect(smtp.received).toEqual([]);
  });
});
