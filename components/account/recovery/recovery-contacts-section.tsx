"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Actions, Card, CardList, CardNote, Meta, Panel, QueryStates, Section } from "@/components/ui/section";
import { parseContactValue } from "@/lib/contacts/contact-value";
import { formatPhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import { contactCodeBodySchema, MAX_RECOVERY_CONTACTS, type RecoveryContact } from "@/lib/contacts/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "../api-messages";
import { CodeForm } from "../code-form";
import { LocalDate } from "../local-time";
import { contactHint, unreadableContact } from "../phone-words";
import { useAddRecoveryContact, useRecoveryContacts, useRemoveRecoveryContact, useResendContactCode, useVerifyRecoveryContact } from "./recovery-queries";
import styles from "./recovery.module.css";

/** An email address or a phone number, typed exactly: the email keyboard, no autofill, no autocorrect. */
const CONTACT_INPUT = { name: "value", type: "text", inputMode: "email", autoComplete: "off", autoCapitalize: "off", spellCheck: false, maxLength: 254 } as const;

/**
 * Where a reset code can be sent when the member forgets their password: up to five email addresses or
 * phone numbers, each verified by a code sent to it. A phone number is typed as people write it in the
 * church's `country` (or with + and a country code) and sent to the API in E.164. The API answers values
 * masked; a contact the member has just typed is shown to them in full on this page until it is left, since
 * they must recognise where the code went.
 */
export function RecoveryContactsSection({ country }: { country: PhoneCountry }) {
  const t = useTranslations("AccountRecovery");
  const api = useApiMessages();
  const contacts = useRecoveryContacts();
  const remove = useRemoveRecoveryContact();
  const removal = useConfirmation<RecoveryContact>();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(removal.open);
  /** The contact just added: its code field takes focus once it appears in the list. */
  const [justAdded, setJustAdded] = useState<string | null>(null);
  /** What the member typed, by contact id: in this page's memory only, never stored or sent back. */
  const [typed, setTyped] = useState<Record<string, string>>({});

  const list = (contacts.data?.contacts ?? []).map((contact) => (typed[contact.id] ? { ...contact, value: typed[contact.id]! } : contact));

  function confirmRemoval() {
    const contact = removal.subject;
    if (!contact || remove.isPending) return;
    setAnnouncement("");
    setFailure("");
    remove.mutate(contact, {
      onSuccess: () => {
        focusAfterClose(() => heading.current);
        removal.close();
        setAnnouncement(t("contacts.removed", { contact: contact.value }));
      },
      onError: (error) => {
        removal.close();
        setFailure(
          error instanceof PortalApiError && error.code === "not_found" ? t("contacts.alreadyRemoved") : api.failed(t("contacts.removeFailed", { contact: contact.value }), error),
        );
      },
    });
  }

  return (
    <Section
      id="recovery-contacts-title"
      title={t("contacts.title")}
      headingRef={heading}
      description={t("contacts.description")}
      status={announcement}
      alert={failure}
    >
      <QueryStates query={contacts} loading={t("contacts.loading")} failure={t("contacts.loadFailed")}>
        {() => (
          <>
            {list.length === 0 ? (
              <p className="muted">{t("contacts.empty")}</p>
            ) : (
              <CardList>
                {list.map((contact) => (
                  <li key={contact.id}>
                    <ContactCard
                      contact={contact}
                      focusCode={contact.id === justAdded}
                      onVerified={() => setAnnouncement(t("contacts.verified", { contact: contact.value }))}
                      onRemove={() => {
                        setFailure("");
                        removal.ask(contact);
                      }}
                    />
                  </li>
                ))}
              </CardList>
            )}
            {list.length < MAX_RECOVERY_CONTACTS ? (
              <AddContactForm
                country={country}
                onAdded={(id, value) => {
                  setTyped((current) => ({ ...current, [id]: value }));
                  setJustAdded(id);
                  setAnnouncement(t("contacts.codeSent"));
                }}
              />
            ) : (
              <p className="muted">{t("contacts.full", { max: MAX_RECOVERY_CONTACTS })}</p>
            )}
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        {...removal.dialog}
        title={removal.subject ? t("contacts.removeTitle", { contact: removal.subject.value }) : t("contacts.removeTitleAny")}
        confirmLabel={t("contacts.remove")}
        busy={remove.isPending}
        onConfirm={confirmRemoval}
      >
        <p>{t("contacts.removeText")}</p>
      </ConfirmDialog>
    </Section>
  );
}

function ContactCard({
  contact,
  focusCode,
  onVerified,
  onRemove,
}: {
  contact: RecoveryContact;
  focusCode: boolean;
  onVerified: () => void;
  onRemove: () => void;
}) {
  const t = useTranslations("AccountRecovery");
  const api = useApiMessages();
  const verify = useVerifyRecoveryContact();
  const resend = useResendContactCode();
  const [resent, setResent] = useState("");
  const pending = contact.status === "pending_verification";
  return (
    <Card
      titleId={`contact-${contact.id}`}
      title={
        <>
          <span className={styles.value}>{contact.value}</span>
          {pending ? <span className="badge badge--muted">{t("notVerified")}</span> : <span className="badge">{t("verified")}</span>}
        </>
      }
    >
      <Meta>
        {t.rich("contacts.added", { channel: contact.channel, date: () => <LocalDate iso={contact.created_at} /> })}
      </Meta>
      {pending ? (
        <CodeForm
          schema={contactCodeBodySchema}
          label={t("codeSentTo", { to: contact.value })}
          hint={t("validTenMinutes")}
          submitLabel={t("contacts.verify")}
          action={verify}
          focusOnOpen={focusCode}
          onSubmit={(code) => verify.mutate({ contact, code }, { onSuccess: onVerified })}
        />
      ) : null}
      <Actions divided>
        {pending ? (
          <button
            type="button"
            className="button"
            aria-disabled={resend.isPending || undefined}
            onClick={() => {
              if (resend.isPending) return;
              setResent("");
              verify.reset();
              resend.mutate(contact, {
                onSuccess: () => setResent(t("contacts.resent", { contact: contact.value })),
                onError: (error) => setResent(api.wait(error) ?? api.failed(t("contacts.resendFailed"), error)),
              });
            }}
          >
            {resend.isPending ? t("sending") : t("sendNewCode")}
          </button>
        ) : null}
        <button type="button" className="button button--danger-outline" onClick={onRemove}>
          {t.rich("contacts.removeNamed", { contact: contact.value, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
        </button>
      </Actions>
      <CardNote message={resent} />
    </Card>
  );
}

function AddContactForm({ country, onAdded }: { country: PhoneCountry; onAdded: (id: string, shownAs: string) => void }) {
  const t = useTranslations("AccountRecovery");
  const account = useTranslations("Account");
  const api = useApiMessages();
  const add = useAddRecoveryContact();
  const contact = useTextInput(CONTACT_INPUT);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    // An `@` makes it an email address, anything else a phone number (as the API infers it), read here in E.164.
    const parsed = parseContactValue(contact.value, country);
    if (!parsed) {
      contact.reject(unreadableContact(account, contact.value, country));
      return;
    }
    contact.accept();
    add.mutate(parsed.value, {
      onSuccess: ({ id }) => {
        contact.clear();
        onAdded(id, parsed.channel === "phone" ? formatPhoneNumber(parsed.value, country) : parsed.value);
      },
      onError: contact.focus,
    });
  }

  const refusal = add.error
    ? (api.wait(add.error) ??
      (add.error instanceof PortalApiError && add.error.code === "conflict" ? t("contacts.alreadyAdded") : api.failed(t("contacts.addFailed"), add.error)))
    : "";

  return (
    <Panel title={t("contacts.addTitle")}>
      <Form onSubmit={submit} submitLabel={t("contacts.addSubmit")} pendingLabel={t("contacts.adding")} pending={add.isPending}>
        <TextField
          label={t("contacts.addLabel")}
          hint={contactHint(account, country)}
          {...contact.field(refusal)}
        />
      </Form>
    </Panel>
  );
}
