import { useTranslations } from "next-intl";
import { Card, CardList, Meta, Section } from "@/components/ui/section";
import styles from "./email-previews.module.css";

/**
 * The church's messages as members receive them (/admin/emails; issue 39, part 4): each email's subject,
 * its look in a frame, and its plain-text version behind a disclosure; then the text messages, which are
 * plain text only. The frame shows an answer of its own (app/(member-pages)/admin/emails/preview/): the
 * page's own security policy forbids the inline styles an email needs, and the frame is sandboxed, so
 * nothing in an email can run or reach the page. A server component: its words ("AdminEmails") are the
 * server's, no message provider needed.
 */
export interface EmailPreview {
  kind: string;
  title: string;
  when: string;
  subject: string;
  text: string;
  /** The address of its preview. */
  frameSrc: string;
}

export interface TextMessagePreview {
  kind: string;
  title: string;
  when: string;
  text: string;
}

/** One email in a sandboxed frame: no script, no forms, no pop-ups; its links do not open. */
export function EmailFrame({ src, title }: { src: string; title: string }) {
  return <iframe className={styles.frame} src={src} title={title} sandbox="" loading="lazy" referrerPolicy="no-referrer" />;
}

/** An email's look beside its plain text, side by side where there is room (the development outbox). */
export function EmailBeside({ src, title, text }: { src: string; title: string; text: string }) {
  return (
    <div className={styles.beside}>
      <EmailFrame src={src} title={title} />
      <pre className={styles.text}>{text}</pre>
    </div>
  );
}

export function EmailPreviews({ emails, texts }: { emails: readonly EmailPreview[]; texts: readonly TextMessagePreview[] }) {
  const t = useTranslations("AdminEmails.previews");
  return (
    <>
      <Section
        id="emails-title"
        title={t("emailsTitle")}
        description={t("emailsDescription")}
      >
        <nav aria-label={t("index")}>
          <ul className={styles.index}>
            {emails.map((email) => (
              <li key={email.kind}>
                <a href={`#email-${email.kind}`}>{email.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <CardList>
          {emails.map((email) => (
            <Card key={email.kind} as="li" title={email.title} titleId={`email-${email.kind}`}>
              <Meta>{email.when}</Meta>
              <p className={styles.subject}>
                <span className="muted">{t("subject")}</span> {email.subject}
              </p>
              <EmailFrame src={email.frameSrc} title={t("looks", { title: email.title })} />
              <details className={styles.plain}>
                <summary>{t("plainText")}</summary>
                <p className="muted">{t("plainTextHint")}</p>
                <pre className={styles.text}>{email.text}</pre>
              </details>
            </Card>
          ))}
        </CardList>
      </Section>
      <Section id="texts-title" title={t("textsTitle")} description={t("textsDescription")}>
        <CardList>
          {texts.map((message) => (
            <Card key={message.kind} as="li" title={message.title} titleId={`text-${message.kind}`}>
              <Meta>{message.when}</Meta>
              <pre className={styles.text}>{message.text}</pre>
            </Card>
          ))}
        </CardList>
      </Section>
    </>
  );
}
