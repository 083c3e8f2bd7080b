import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EmailBeside } from "@/components/admin/email-previews";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { listOutboxMessages, outboxPageEnabled } from "@/lib/outbox/list-outbox-messages";
import "./outbox.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Outbox (development)", robots: { index: false, follow: false } };

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/**
 * Every email and SMS the app has written, newest first, so codes can be read without a mail server. An
 * email's text is what was stored; beside it, its HTML as it would be sent now, in the church's current look
 * (a sandboxed frame: app/(member-pages)/admin/emails/preview/outbox/[id]/route.ts).
 * Only in development or with DEV_OUTBOX=true (test servers); anywhere else the page does not exist.
 */
export default async function OutboxPage() {
  if (!outboxPageEnabled(env())) notFound();
  const messages = await listOutboxMessages(await database(), 100);
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Development only</p>
      <h1>Outbox</h1>
      <p className="lede">
        The newest {messages.length} messages. {env().SMTP_URL ? "SMTP is configured: email is also delivered." : "No SMTP_URL: nothing is delivered."}
      </p>
      {messages.length === 0 ? <p>No messages yet.</p> : null}
      <ol className="outbox-list" role="list">
        {messages.map((message) => (
          <li key={message.id} className="outbox-message">
            <h2 className="outbox-message__subject">{message.subject ?? `(${message.channel})`}</h2>
            <p className="outbox-message__meta">
              To <strong>{message.recipient}</strong> by {message.channel} · written {dateTime.format(message.createdAt)} UTC ·{" "}
              {message.sentAt
                ? `sent ${dateTime.format(message.sentAt)} UTC`
                : message.lastError
                  ? `not sent (${message.attempts} attempts): ${message.lastError}`
                  : "not sent"}
            </p>
            {message.channel === "email" ? (
              <EmailBeside src={`/admin/emails/preview/outbox/${message.id}`} title={`How the email “${message.subject ?? ""}” looks`} text={message.body} />
            ) : (
              <pre>{message.body}</pre>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
