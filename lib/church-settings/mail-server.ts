import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { readChurch, type Church } from "./church.ts";
import { mailServerParts, mailServerUrl } from "./mail-server-address.ts";
import type { MailServerAnswer, MailServerBody } from "./schemas.ts";
import { saveChurchSettings } from "./update-church-settings.ts";
import { sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { codeSendIpKey, codeSendTargetKey } from "../limits/keys.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { isPrivateAddress } from "../outbound/private-addresses.ts";
import { currentMailServer, MAIL_SERVER_SEAL } from "../outbox/mail-transport.ts";
import { sendTestEmail } from "../outbox/test-email.ts";

/**
 * The church's mail server, saved by an administrator (issue 39): sealed in the settings row, so the password
 * is never in the database in the clear, never answered and never in the audit log ("(hidden)").
 */
export async function saveMailServer(database: Database, body: MailServerBody): Promise<Church> {
  await refuseUnreachableHost(body.host);
  const username = body.username ?? null;
  // Left out, the password is the saved one, when it was saved for this server and user name.
  let password = body.password ?? null;
  if (body.password === undefined && username !== null) {
    const saved = await currentMailServer(database);
    const parts = saved?.source === "saved" ? mailServerParts(saved.url) : null;
    if (parts && parts.host === body.host && parts.username === username) password = parts.password;
  }
  if (username !== null && password === null) throw new IdentityError("invalid_request", "password: enter the password for this user name");
  const url = mailServerUrl({ host: body.host, port: body.port, security: body.security, username, password });
  await saveChurchSettings(database, { smtpUrlEncrypted: await sealSecret(MAIL_SERVER_SEAL, url), smtpFrom: body.from_address });
  return readChurch(database);
}

/** A test message from the settings page, limited as every message someone asks to be sent. */
export async function sendSettingsTestEmail(database: Database, to: string, context: RequestContext): Promise<{ sent: boolean; problem: string | null }> {
  await takeAttemptOrThrow(database, [codeSendTargetKey("settings_test", to), codeSendIpKey(context.ip)]);
  return sendTestEmail(database, to);
}

/** Back to the server's own mail server (SMTP_URL), or to none. */
export async function removeMailServer(database: Database): Promise<Church> {
  await saveChurchSettings(database, { smtpUrlEncrypted: null, smtpFrom: null });
  return readChurch(database);
}

/** The mail server in use as the settings show it: everything but the password. */
export async function describeMailServer(database: Database): Promise<MailServerAnswer | null> {
  const server = await currentMailServer(database);
  const parts = server ? mailServerParts(server.url) : null;
  if (!server || !parts) return null;
  return { host: parts.host, port: parts.port, security: parts.security, username: parts.username, from_address: server.from, source: server.source };
}

/**
 * A server this church could never reach is refused when saved, with words an administrator can act on: a
 * name that does not resolve, or (unless the operator allows them) a private or loopback address. Delivery
 * judges the address again where it connects (lib/outbox/mail-transport.ts).
 */
async function refuseUnreachableHost(host: string): Promise<void> {
  const allowPrivate = env().OUTBOUND_ALLOW_PRIVATE_ADDRESSES;
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw new IdentityError("invalid_request", `host: no mail server called ${host} was found`);
    }
  }
  if (!allowPrivate && addresses.every((address) => isPrivateAddress(address))) {
    throw new IdentityError("invalid_request", "host: this is a private or loopback address, which this server refuses unless whoever runs it allows them");
  }
}
