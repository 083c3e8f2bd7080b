import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env.ts";

/** One SMTP transport per process (pooled connections), or null when SMTP_URL is not set. */
let transport: Transporter | null | undefined;

export function mailTransport(): Transporter | null {
  if (transport === undefined) {
    const url = env().SMTP_URL;
    transport = url ? nodemailer.createTransport(url) : null;
  }
  return transport;
}

/**
 * Whether this server can send email: the one place that question is asked (the office's overview warns an
 * administrator when it cannot). Answered as delivery answers it (a transport, from SMTP_URL), so moving the
 * mail server's address into a stored setting changes only this function and the transport it reads.
 */
export function emailSendingConfigured(): boolean {
  return mailTransport() !== null;
}
