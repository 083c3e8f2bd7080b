"use client";

import { useRef, useState, type FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Actions, Card, CardList, CardNote, Meta, Panel, QueryStates, Section } from "@/components/ui/section";
import { parseContactValue } from "@/lib/contacts/contact-value";
import { formatPhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import { contactCodeBodySchema, MAX_RECOVERY_CONTACTS, type RecoveryContact } from "@/lib/contacts/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage, waitMessage } from "../api-messages";
import { CodeForm } from "../code-form";
import { LocalDate } from "../local-time";
import { contactHint, unreadableContact } from "../phone-words";
import { useAddRecoveryContact, useRecoveryContacts, useRemoveRecoveryContact, useResendContactCode, useVerifyRecoveryContact } from "./recovery-queries";
import styles from "./recovery.module.css";

const CHANNEL_NAMES = { email: "Email", phone: "Phone" } as const;

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
        setAnnouncement(`${contact.value} is no longer a recovery contact.`);
      },
      onError: (error) => {
        removal.close();
        setFailure(error instanceof PortalApiError && error.code === "not_found" ? "That contact had already been removed." : failedMessage(`remove ${contact.value}`, error));
      },
    });
  }

  return (
    <Section
      id="recovery-contacts-title"
      title="Recovery contacts"
      headingRef={heading}
      description="If you forget your password, we can send a reset code to any verified contact here."
      status={announcement}
      alert={failure}
    >
      <QueryStates query={contacts} what="your recovery contacts">
        {() => (
          <>
            {list.length === 0 ? (
              <p className="muted">You have no recovery contacts yet. Add an email address or a mobile number you can always reach.</p>
            ) : (
              <CardList>
                {list.map((contact) => (
                  <li key={contact.id}>
                    <ContactCard
                      contact={contact}
                      focusCode={contact.id === justAdded}
                      onVerified={() => setAnnouncement(`${contact.value} is verified. You can use it to reset your password.`)}
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
                  setAnnouncement("We sent a 6-digit code. Enter it below to verify the contact.");
                }}
              />
            ) : (
              <p className="muted">You have {MAX_RECOVERY_CONTACTS} recovery contacts, the most allowed. Remove one to add another.</p>
            )}
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        {...removal.dialog}
        title={removal.subject ? `Remove ${removal.subject.value}?` : "Remove this contact?"}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemoval}
      >
        <p>We will no longer send password reset codes there.</p>
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
          {pending ? <span className="badge badge--muted">Not verified</span> : <span className="badge">Verified</span>}
        </>
      }
    >
      <Meta>
        {CHANNEL_NAMES[contact.channel]} · added <LocalDate iso={contact.created_at} />
      </Meta>
      {pending ? (
        <CodeForm
          schema={contactCodeBodySchema}
          label={`Code sent to ${contact.value}`}
          hint="It is valid for 10 minutes."
          submitLabel="Verify"
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
                onSuccess: () => setResent(`We sent a new code to ${contact.value}. Earlier codes no longer work.`),
                onError: (error) => setResent(waitMessage(error) ?? failedMessage("send a new code", error)),
              });
            }}
          >
            {resend.isPending ? "Sending…" : "Send a new code"}
          </button>
        ) : null}
        <button type="button" className="button button--danger-outline" onClick={onRemove}>
          Remove<span className="visually-hidden"> {contact.value}</span>
        </button>
      </Actions>
      <CardNote message={resent} />
    </Card>
  );
}

function AddContactForm({ country, onAdded }: { country: PhoneCountry; onAdded: (id: string, shownAs: string) => void }) {
  const add = useAddRecoveryContact();
  const contact = useTextInput(CONTACT_INPUT);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    // An `@` makes it an email address, anything else a phone number (as the API infers it), read here in E.164.
    const parsed = parseContactValue(contact.value, country);
    if (!parsed) {
      contact.reject(unreadableContact(contact.value, country));
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
    ? (waitMessage(add.error) ??
      (add.error instanceof PortalApiError && add.error.code === "conflict"
        ? "That contact is already on your account."
        : failedMessage("add that contact", add.error)))
    : "";

  return (
    <Panel title="Add a recovery contact">
      <Form onSubmit={submit} submitLabel="Add and send a code" pendingLabel="Sending a code…" pending={add.isPending}>
        <TextField
          label="Email address or mobile number"
          hint={contactHint(country)}
          {...contact.field(refusal)}
        />
      </Form>
    </Panel>
  );
}
