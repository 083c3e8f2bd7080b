import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the test mail server received it: the envelope and the raw message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A mail server on this machine for service tests (smtp-server, from the nodemailer project): plain SMTP
 * without a password, keeping what it receives; a recipient `refuse` names is turned away with a 550, in the
 * words a real server would use. (The e2e specs have their own, e2e/support/mail-catcher.ts: they import nothing of lib.)
 */
export async function startTestMailServer(options: { refuse?: (address: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) return callback(Object.assign(new Error(`no mailbox here for <${address.address}>`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((to) => to.address), data: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
