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
