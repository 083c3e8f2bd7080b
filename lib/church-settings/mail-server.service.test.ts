import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { IdentityError } from "../identity/errors.ts";
import { currentMailServer, emailSendingConfigured } from "../outbox/mail-transport.ts";
import { sendTestEmail } from "../outbox/test-email.ts";
import { startTestMailServer, type ReceivedMail } from "../outbox/test-mail-server.ts";
import { updateChurchSettings } from "./update-church-settings.ts";
import { mailServerParts } from "./mail-server-address.ts";
import { describeMailServer, removeMailServer, saveMailServer } from "./mail-server.ts";
import { mailServerBodySchema } from "./schemas.ts";

// The church's mail server (issue 39), saved by an administrator: sealed at rest, never answered with its
// password, and the server every email then goes through. The operator allows private addresses here, so a
// mail server on this machine (smtp-server, the nodemailer project's) can receive; mail-server-guard.service.test.ts
// shows the refusals when they do not.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true", CHURCH_NAME: "St Brendan's" });

let smtp: Awaited<ReturnType<typeof startTestMailServer>>;
let port = 0;
let received: ReceivedMail[] = [];
beforeAll(async () => {
  smtp = await startTestMailServer({ refuse: (address) => address.endsWith("@refused.example") });
  ({ port, received } = smtp);
});
afterAll(() => smtp.close());

const body = (value: Record<string, unknown>) => mailServerBodySchema.parse(value);

describe("the church's mail server", () => {
  it("is none until one is saved, so mail waits and the test message says why", async () => {
    expect(await emailSendingConfigured(database)).toBe(false);
    expect(await describeMailServer(database)).toBeNull();
    expect(await thrownBy(IdentityError, sendTestEmail(database, "pat@example.org"))).toMatchObject({ code: "conflict", description: "email sending is not set up yet: save the church's mail server first" });
  });

  it("is saved sealed, answered without its password, and kept when the password is left out for the same server and user", async () => {
    await saveMailServer(database, body({ host: "127.0.0.1", port: 2587, security: "starttls", username: "office@grace.example", password: "p@ss word/1", from_address: "office@grace.example" }));
    const [row] = await database.query<{ smtp_url_encrypted: string }>("SELECT smtp_url_encrypted FROM church_settings WHERE id = 1");
    expect(row!.smtp_url_encrypted).not.toContain("p@ss");
    expect(row!.smtp_url_encrypted).not.toContain("127.0.0.1");
    expect(await describeMailServer(database)).toEqual({ host: "127.0.0.1", port: 2587, security: "starttls", username: "office@grace.example", from_address: "office@grace.example", source: "saved" });

    // The port changed, the password left out: the saved one stays.
    await saveMailServer(database, body({ host: "127.0.0.1", port: 587, security: "starttls", username: "office@grace.example", from_address: "office@grace.example" }));
    expect(mailServerParts((await currentMailServer(database))!.url)).toEqual({ host: "127.0.0.1", port: 587, security: "starttls", username: "office@grace.example", password: "p@ss word/1" });

    // Another user name needs its own password.
    const refused = await thrownBy(IdentityError, saveMailServer(database, body({ host: "127.0.0.1", port: 587, security: "starttls", username: "pastor@grace.example", from_address: "office@grace.example" })));
    expect(refused).toMatchObject({ code: "invalid_request", description: "password: enter the password for this user name" });
  });

  it("sends every email through the saved server, from its address with the church's name, as HTML and text", async () => {
    await updateChurchSettings(database, { email_sender_name: "Grace Chapel office" });
    await saveMailServer(database, body({ host: "127.0.0.1", port, security: "none", from_address: "office@grace.example" }));
    const before = received.length;
    expect(await sendTestEmail(database, "pat@example.org")).toEqual({ sent: true, problem: null });
    const message = received.slice(before).find((mail) => mail.to.includes("pat@example.org"));
    expect(message?.from).toBe("office@grace.example");
    expect(message?.data).toMatch(/^From: "?Grace Chapel office"? <office@grace\.example>/m);
    expect(message?.data).toContain("Content-Type: text/plain");
    expect(message?.data).toContain("Content-Type: text/html");
  });

  it("answers the mail server's refusal in its words, without the address", async () => {
    const answer = await sendTestEmail(database, "nobody@refused.example");
    expect(answer.sent).toBe(false);
    expect(answer.problem).toContain("no mailbox here");
    expect(answer.problem).not.toContain("nobody@refused.example");
  });

  it("refuses a password over a connection that is never encrypted", () => {
    const refused = mailServerBodySchema.safeParse({ host: "relay.example.org", port: 25, security: "none", username: "office", password: "secret", from_address: "office@grace.example" });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["security"], message: expect.stringMatching(/only over an encrypted connection/) });
    expect(mailServerBodySchema.safeParse({ host: "smtp.example.org\r\nRCPT TO:<x@evil>", port: 587, security: "starttls", from_address: "office@grace.example" }).success).toBe(false);
    expect(mailServerBodySchema.safeParse({ host: "smtp.example.org", port: 70_000, security: "starttls", from_address: "office@grace.example" }).success).toBe(false);
  });

  it("is forgotten on request: the server's own, or none", async () => {
    await removeMailServer(database);
    expect(await currentMailServer(database)).toBeNull();
  });
});
