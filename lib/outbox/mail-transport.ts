import "server-only";
import { connect, isIP, type Socket } from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { readChurch } from "../church-settings/church.ts";
import { mailServerParts } from "../church-settings/mail-server-address.ts";
import { openSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { describeError, logLine } from "../log/json-log.ts";
import { guardedLookup } from "../outbound/guarded-lookup.ts";
import { isPrivateAddress } from "../outbound/private-addresses.ts";

/**
 * The mail server this church sends with (issue 39): the one an administrator saved (the setup wizard or
 * /admin/settings), else the operator's SMTP_URL, else none (mail waits in the outbox). The one place the
 * question is asked: delivery, the setup wizard and the office's overview all ask it here.
 */
export interface MailServer {
  /** The smtp:// or smtps:// address, with its password: never logged, never answered. */
  url: string;
  /** The address emails come from. */
  from: string;
  source: "saved" | "server";
}

/** What the saved address is sealed for (lib/crypto/secret-box.ts). */
export const MAIL_SERVER_SEAL = "smtp-url";

/** The last saved address opened, so a delivery does not decrypt it again. */
let opened: { encrypted: string; url: string } | null = null;

export async function currentMailServer(database: Database): Promise<MailServer | null> {
  const { savedMailServer } = await readChurch(database);
  if (savedMailServer) {
    try {
      if (opened?.encrypted !== savedMailServer.encryptedUrl) opened = { encrypted: savedMailServer.encryptedUrl, url: await openSecret(MAIL_SERVER_SEAL, savedMailServer.encryptedUrl) };
      return { url: opened.url, from: savedMailServer.from, source: "saved" };
    } catch (error) {
      // Sealed under another APP_SECRET: as if none were saved, so the overview says email is not set up.
      logLine("error", "the saved mail server cannot be opened (was APP_SECRET changed?); save it again at /admin/settings", describeError(error));
    }
  }
  const { SMTP_URL, SMTP_FROM } = env();
  return SMTP_URL ? { url: SMTP_URL, from: SMTP_FROM, source: "server" } : null;
}

/** Whether this church can send email now. */
export async function emailSendingConfigured(database: Database): Promise<boolean> {
  return (await currentMailServer(database)) !== null;
}

/**
 * A connection to a saved mail server, dialled as every outbound call is: a private or loopback address is
 * refused unless the operator allows them (OUTBOUND_ALLOW_PRIVATE_ADDRESSES), judged where the connection is
 * made so a name that changes its answer cannot slip past. The operator's own SMTP_URL is theirs to point anywhere.
 */
function guardedSocket(allowPrivate: boolean) {
  return (options: { host?: string; port?: number }, callback: (error: Error | null, socketOptions?: { connection: Socket }) => void) => {
    let answered = false;
    const answer = (error: Error | null, socket?: Socket) => {
      if (answered) return;
      answered = true;
      callback(error, socket && { connection: socket });
    };
    const host = (options.host ?? "").replace(/^\[|\]$/g, "");
    if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) return answer(new Error(PRIVATE_REFUSED));
    const socket = connect({ host, port: options.port ?? 587, lookup: guardedLookup(allowPrivate) });
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error("the mail server did not answer in time")));
    socket.once("connect", () => {
      socket.setTimeout(0);
      answer(null, socket);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => answer(error.code === "EPRIVATE" ? new Error(PRIVATE_REFUSED) : error));
  };
}
const CONNECT_TIMEOUT_MS = 10_000;
const PRIVATE_REFUSED = "the mail server's address is private or loopback, which this server refuses";

/** One transport per process for the address in use, made again when an administrator saves another. */
let current: { key: string; transporter: Transporter } | null = null;

export function transportFor(server: MailServer): Transporter {
  const allowPrivate = server.source === "server" || env().OUTBOUND_ALLOW_PRIVATE_ADDRESSES;
  const key = `${allowPrivate}:${server.url}`;
  if (current?.key === key) return current.transporter;
  current?.transporter.close();
  const parts = server.source === "saved" ? mailServerParts(server.url) : null;
  const transporter = parts
    ? nodemailer.createTransport({
        host: parts.host,
        port: parts.port,
        secure: parts.security === "tls",
        requireTLS: parts.security === "starttls",
        ignoreTLS: parts.security === "none",
        ...(parts.username !== null && { auth: { user: parts.username, pass: parts.password ?? "" } }),
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
        getSocket: guardedSocket(allowPrivate),
      })
    : nodemailer.createTransport(server.url);
  current = { key, transporter };
  return transporter;
}
