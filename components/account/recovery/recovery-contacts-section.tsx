"use client";

import { useRef, useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { contactCodeBodySchema, createRecoveryContactBodySchema, MAX_RECOVERY_CONTACTS, type RecoveryContact } from "@/lib/contacts/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import formStyles from "../account-forms.module.css";
import { asSentence, failedMessage, waitMessage } from "../api-messages";
import { CodeForm, codeRefusalMessage } from "../code-form";
import { LoadError } from "../load-error";
import { LocalDate } from "../local-time";
import { useAddRecoveryContact, useRecoveryContacts, useRemoveRecoveryContact, useResendContactCode, useVerifyRecoveryContact } from "./recovery-queries";
import styles from "./recovery.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

const CHANNEL_NAMES = { email: "Email", phone: "Phone" } as const;

/**
 * Where a reset code can be sent when the member forgets their password: up to five email addresses or
 * phone numbers, each verified by a code sent to it. Values are only ever shown masked, as the API
 * answers them.
 */
export function RecoveryContactsSection() {
  const contacts = useRecoveryContacts();
  const remove = useRemoveRecoveryContact();
  const [removing, setRemoving] = useState<RecoveryContact | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(dialogOpen);
  /** The contact just added: its code field takes focus once it appears in the list. */
  const [justAdded, setJustAdded] = useState<string | null>(null);

  const list = contacts.data?.contacts ?? [];

  function confirmRemoval() {
    if (!removing || remove.isPending) return;
    const contact = removing;
    setAnnouncement("");
    setFailure("");
    remove.mutate(contact, {
      onSuccess: () => {
        focusAfterClose(() => heading.current);
        setDialogOpen(false);
        setAnnouncement(`${contact.value} is no longer a recovery contact.`);
      },
      onError: (error) => {
        setDialogOpen(false);
        setFailure(error instanceof PortalApiError && error.code === "not_found" ? "That contact had already been removed." : failedMessage(`remove ${contact.value}`, error));
      },
    });
  }

  let body;
  if (contacts.isPending) {
    body = <p className="muted" aria-busy="true">Loading your recovery contacts…</p>;
  } else if (!contacts.data) {
    body = (
      <LoadError
        headingLevel={3}
        title="We couldn’t load your recovery contacts"
        message={contacts.error?.message ?? "Please try again in a moment."}
        retrying={contacts.isFetching}
        onRetry={() => void contacts.refetch()}
      />
    );
  } else {
    body = (
      <>
        {list.length === 0 ? (
          <p className="muted">You have no recovery contacts yet. Add an email address or a mobile number you can always reach.</p>
        ) : (
          <ul role="list" className={styles.cards}>
            {list.map((contact) => (
              <li key={contact.id}>
                <ContactCard
                  contact={contact}
                  focusCode={contact.id === justAdded}
                  onVerified={() => setAnnouncement(`${contact.value} is verified. You can use it to reset your password.`)}
                  onRemove={() => {
                    setFailure("");
                    setRemoving(contact);
                    setDialogOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {list.length < MAX_RECOVERY_CONTACTS ? (
          <AddContactForm
            onAdded={(id) => {
              setJustAdded(id);
              setAnnouncement("We sent a 6-digit code. Enter it below to verify the contact.");
            }}
          />
        ) : (
          <p className="muted">You have {MAX_RECOVERY_CONTACTS} recovery contacts, the most allowed. Remove one to add another.</p>
        )}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="recovery-contacts-title">
      <h2 id="recovery-contacts-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        Recovery contacts
      </h2>
      <p className="muted">If you forget your password, we can send a reset code to any verified contact here.</p>
      <StatusMessage message={announcement} />
      <AlertMessage message={failure} />
      {body}
      <ConfirmDialog
        open={dialogOpen}
        title={removing ? `Remove ${removing.value}?` : "Remove this contact?"}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setDialogOpen(false)}
      >
        <p>We will no longer send password reset codes there.</p>
      </ConfirmDialog>
    </section>
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
  const titleId = `contact-${contact.id}`;
  const pending = contact.status === "pending_verification";
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        <span className={styles.value}>{contact.value}</span>
        {pending ? <span className="badge badge--muted">Not verified</span> : <span className="badge">Verified</span>}
      </h3>
      <p className={styles.meta}>
        {CHANNEL_NAMES[contact.channel]} · added <LocalDate iso={contact.created_at} />
      </p>
      {pending ? (
        <CodeForm
          schema={contactCodeBodySchema}
          label={`Code sent to ${contact.value}`}
          hint="It is valid for 10 minutes."
          submitLabel="Verify"
          busyLabel="Checking…"
          busy={verify.isPending}
          refusal={verify.error ? codeRefusalMessage(verify.error) : ""}
          focusOnOpen={focusCode}
          onSubmit={(code) => verify.mutate({ contact, code }, { onSuccess: onVerified })}
        />
      ) : null}
      <div className={`${formStyles.actions} ${styles.cardActions}`}>
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
      </div>
      <p role="status" className={resent ? styles.resent : undefined}>
        {resent}
      </p>
    </article>
  );
}

function AddContactForm({ onAdded }: { onAdded: (id: string) => void }) {
  const add = useAddRecoveryContact();
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState("");
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = createRecoveryContactBodySchema.safeParse({ value });
    if (!parsed.success) {
      setInvalid(asSentence(`It ${parsed.error.issues[0]?.message ?? "is not valid"}`));
      input.current?.focus();
      return;
    }
    setInvalid("");
    add.mutate(value.trim(), {
      onSuccess: ({ id }) => {
        setValue("");
        onAdded(id);
      },
      onError: () => input.current?.focus(),
    });
  }

  const refusal = add.error
    ? (waitMessage(add.error) ??
      (add.error instanceof PortalApiError && add.error.code === "conflict"
        ? "That contact is already on your account."
        : failedMessage("add that contact", add.error)))
    : "";

  return (
    <form className={`${formStyles.form} ${styles.addForm}`} onSubmit={submit} noValidate>
      <h3 className={styles.formTitle}>Add a recovery contact</h3>
      <TextField
        label="Email address or mobile number"
        hint="For a mobile number, start with + and the country code, like +44 7911 123456."
        error={invalid || refusal || undefined}
        inputRef={input}
        name="value"
        type="text"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (invalid) setInvalid("");
        }}
      />
      <div className={formStyles.actions}>
        <button type="submit" className="button button--primary" aria-disabled={add.isPending || undefined}>
          {add.isPending ? "Sending a code…" : "Add and send a code"}
        </button>
      </div>
    </form>
  );
}
