import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the mail server received it: the envelope and the raw message (headers and every part). */
export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

export interface MailCatcher {
  port: number;
  messages: CaughtMail[];
  /** The latest message to `to`, waiting for it up to `timeoutMs`. */
  latestTo(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** A message's subject, its RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_whole, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), "latin1").toString("utf8"),
    )
    .trim();
}

/** The message's words, its quoted-printable soft line breaks and escapes undone (enough to find a code in it). */
export function wordsOf(raw: string): string {
  return Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), "latin1").toString("utf8");
}

/**
 * A mail server on this machine for a church's server to send through (smtp-server, from the nodemailer
 * project): plain SMTP without a password, as the setup wizard's "None" protection is for a relay on the
 * church's own network. Whatever it receives is kept in order.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((to) => to.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    async latestTo(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((message) => message.to.includes(to)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no message to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
