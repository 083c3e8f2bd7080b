/**
 * The church's mail server (issue 39) as an administrator describes it (server, port, how the connection is
 * protected, user name and password) and as the transport takes it: one smtp:// or smtps:// address, the form
 * SMTP_URL has always had, so a saved server and the operator's are read the same way.
 */

/**
 * How the connection is protected. `starttls`: plain at first, then TLS before anything is sent (port 587,
 * what Gmail, Microsoft 365 and most senders offer); `tls`: TLS from the start (port 465); `none`: never
 * encrypted, for a relay on the church's own machine or network, and then without a password.
 */
export const MAIL_SECURITY = ["starttls", "tls", "none"] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

export interface MailServerParts {
  host: string;
  port: number;
  security: MailSecurity;
  username: string | null;
  password: string | null;
}

/** The address nodemailer reads: the user name and password encoded, the protection as its own options. */
export function mailServerUrl(parts: MailServerParts): string {
  const url = new URL(`${parts.security === "tls" ? "smtps" : "smtp"}://mail.invalid`);
  url.hostname = parts.host.includes(":") && !parts.host.startsWith("[") ? `[${parts.host}]` : parts.host;
  url.port = String(parts.port);
  if (parts.username !== null) url.username = encodeURIComponent(parts.username);
  if (parts.password !== null) url.password = encodeURIComponent(parts.password);
  // STARTTLS must happen (a server that stops offering it must not receive the password in the clear);
  // `none` never tries it, so a relay's self-made certificate is no obstacle.
  if (parts.security === "starttls") url.searchParams.set("requireTLS", "true");
  if (parts.security === "none") url.searchParams.set("ignoreTLS", "true");
  return url.toString();
}

/** An address back into its parts; null when it is not an smtp:// or smtps:// address. */
export function mailServerParts(address: string): MailServerParts | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return null;
  const tls = url.protocol === "smtps:" || url.searchParams.get("secure") === "true";
  const security: MailSecurity = tls ? "tls" : url.searchParams.get("ignoreTLS") === "true" ? "none" : "starttls";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : tls ? 465 : 587,
    security,
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
  };
}
