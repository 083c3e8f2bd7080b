"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { useFocusWhenShown } from "@/components/ui/focus-when-shown";
import { Form } from "@/components/ui/form";
import { Actions, Card, CardList, Fact, Facts, Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { useWebAuthnSupport } from "@/components/ui/use-webauthn-support";
import { defaultPasskeyName } from "@/lib/passkeys/default-passkey-name";
import { MAX_PASSKEYS, PASSKEY_NAME_MAX, passkeyNameSchema, type PasskeyView } from "@/lib/passkeys/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { asSentence, failedMessage } from "../api-messages";
import { LocalDate, LocalDateTime } from "../local-time";
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from "./passkeys-queries";

const NAME_HINT = `So you can tell your passkeys apart, for example “Anna’s phone”. Up to ${PASSKEY_NAME_MAX} characters.`;

/** The name field's complaint in the page's words, or null when the name will do. */
function nameProblem(name: string): string | null {
  const parsed = passkeyNameSchema.safeParse(name);
  if (parsed.success) return null;
  return name.trim() === "" ? "Enter a name for the passkey." : `Use 1 to ${PASSKEY_NAME_MAX} characters, without line breaks.`;
}


/** What went wrong while adding a passkey, in words: the browser's own refusals first, then the API's. */
function addFailure(error: Error): string {
  if (error.name === "NotAllowedError" || error.name === "AbortError") {
    return "No passkey was added: the request was cancelled or timed out. Try again when you’re ready.";
  }
  if (error.name === "InvalidStateError") {
    return "This device already has a passkey for your account, so there’s no need to add another here. Use it to sign in, or add one on another device.";
  }
  if (error instanceof PortalApiError) {
    if (error.code === "conflict") return `No passkey was added. ${asSentence(error.message)}`;
    return failedMessage("add the passkey", error);
  }
  return `Your browser couldn’t create a passkey. ${asSentence(error.message) || "Please try again."}`;
}

/**
 * Passkeys (docs/decisions/0021): sign in with the device's own lock (fingerprint, face or PIN) instead of a
 * password. Add one (a name, then the browser's prompt), see each one's dates and whether it is synced,
 * rename it in place, remove it after a confirmation. Adding and removing need a recent sign-in: the API's
 * step-up answer sends the member to confirm it is them and back here (lib/portal-api/client.ts).
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const removal = useConfirmation<PasskeyView>();
  const focusAfterClose = useFocusAfterClose(removal.open);
  // Known only in the browser: null while the page is rendered on the server.
  const supported = useWebAuthnSupport(null);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // Back on "Add a passkey" once the form is gone: after the render that shows it again, not a frame later.
  const { ref: addButtonRef, request: focusAddButton } = useFocusWhenShown<HTMLButtonElement>();

  useEffect(() => {
    if (adding) nameInput.current?.focus();
  }, [adding]);

  function say(message: string) {
    setFailure("");
    setAnnouncement(message);
  }

  function startAdding() {
    add.reset();
    setAnnouncement("");
    setFailure("");
    setNameError("");
    setName(defaultPasskeyName(navigator.userAgent));
    setAdding(true);
  }

  function stopAdding() {
    setAdding(false);
    setFailure("");
    focusAddButton();
  }

  function submitAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const problem = nameProblem(name);
    if (problem) {
      setNameError(problem);
      nameInput.current?.focus();
      return;
    }
    setAnnouncement("");
    setFailure("");
    add.mutate(name.trim(), {
      onSuccess: (created) => {
        setAdding(false);
        say(`Passkey “${created.name}” added. Next time you sign in, you can use it instead of your password.`);
        requestAnimationFrame(() => heading.current?.focus());
      },
      onError: (error) => setFailure(addFailure(error)),
    });
  }

  function confirmRemoval() {
    const passkey = removal.subject;
    if (!passkey || remove.isPending) return;
    setAnnouncement("");
    setFailure("");
    remove.mutate(passkey, {
      onSuccess: () => {
        // Its card, and the button that opened the dialog, are gone: the heading takes focus.
        focusAfterClose(() => heading.current);
        removal.close();
        say(`Passkey “${passkey.name}” removed. It can no longer sign you in; you can also delete it from your device or password manager.`);
      },
      onError: (error) => {
        removal.close();
        setFailure(error instanceof PortalApiError && error.code === "not_found" ? "That passkey had already been removed." : failedMessage(`remove the passkey “${passkey.name}”`, error));
      },
    });
  }

  const count = passkeys.data?.passkeys.length ?? 0;
  const full = count >= MAX_PASSKEYS;

  return (
    <Section
      id="passkeys-title"
      title="Passkeys"
      headingRef={heading}
      description="A passkey lets you sign in with your phone or computer’s own lock (your fingerprint, face or PIN) instead of a password, and it works only on this site, so nobody can trick you into using it elsewhere."
      status={announcement}
      alert={failure}
    >
      <QueryStates query={passkeys} what="your passkeys" empty={(data) => data.passkeys.length === 0 && !adding && "You have no passkeys yet."}>
        {(data) => (
          <CardList busy={passkeys.isFetching}>
            {data.passkeys.map((passkey) => (
              <li key={passkey.id}>
                <PasskeyCard
                  passkey={passkey}
                  onRenamed={(renamed) => say(`Passkey renamed to “${renamed.name}”.`)}
                  onRemove={() => {
                    setFailure("");
                    removal.ask(passkey);
                  }}
                />
              </li>
            ))}
          </CardList>
        )}
      </QueryStates>
      {supported === false ? (
        <p className="notice notice--warning">
          This browser can’t create passkeys. To add one, open this page in an up-to-date browser on your phone or computer.
        </p>
      ) : adding ? (
        <Panel title="Add a passkey">
          <Form
            onSubmit={submitAdd}
            submitLabel="Continue"
            pendingLabel="Waiting for your device…"
            pending={add.isPending}
            actions={
              <button type="button" className="button" onClick={stopAdding} disabled={add.isPending}>
                Cancel
              </button>
            }
          >
            <TextField
              label="Name for this passkey"
              hint={NAME_HINT}
              error={nameError || undefined}
              inputRef={nameInput}
              name="passkey-name"
              autoComplete="off"
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (nameError) setNameError("");
              }}
            />
            <p className="muted">When you continue, your browser asks you to confirm with your fingerprint, face, PIN or security key.</p>
          </Form>
        </Panel>
      ) : (
        <Actions>
          <button ref={addButtonRef} type="button" className="button button--primary" onClick={startAdding} disabled={supported === null || full}>
            Add a passkey
          </button>
          {full ? <p className="muted">You have {MAX_PASSKEYS} passkeys, the most an account can have. Remove one to add another.</p> : null}
        </Actions>
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={removal.subject ? `Remove the passkey “${removal.subject.name}”?` : "Remove this passkey?"}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemoval}
      >
        <p>It will no longer sign you in. Your password, two-step sign-in and other passkeys stay as they are.</p>
      </ConfirmDialog>
    </Section>
  );
}

/** One passkey: its name, dates and kind, with Rename (a form in its place) and Remove. */
function PasskeyCard({ passkey, onRenamed, onRemove }: { passkey: PasskeyView; onRenamed: (renamed: PasskeyView) => void; onRemove: () => void }) {
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const { ref: renameButtonRef, request: focusRenameButton } = useFocusWhenShown<HTMLButtonElement>();
  const titleId = `passkey-${passkey.id}`;

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  function close() {
    setEditing(false);
    setNameError("");
    focusRenameButton();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rename.isPending) return;
    const problem = nameProblem(name);
    if (problem) {
      setNameError(problem);
      input.current?.focus();
      return;
    }
    rename.mutate(
      { passkey, name: name.trim() },
      {
        onSuccess: (renamed) => {
          close();
          onRenamed(renamed);
        },
        onError: (error) => {
          setNameError(failedMessage("rename the passkey", error));
          input.current?.focus();
        },
      },
    );
  }

  return (
    <Card titleId={titleId} title={passkey.name}>
      <Facts>
        <Fact term="Added">
          <LocalDate iso={passkey.created_at} />
        </Fact>
        <Fact term="Last used">{passkey.last_used_at ? <LocalDateTime iso={passkey.last_used_at} /> : "Never"}</Fact>
        <Fact term="Stored">{passkey.synced ? "Synced across your devices" : "On this device only"}</Fact>
      </Facts>
      {editing ? (
        <Form
          onSubmit={submit}
          submitLabel="Save name"
          pendingLabel="Saving…"
          pending={rename.isPending}
          label={`Rename ${passkey.name}`}
          actions={
            <button type="button" className="button" onClick={close} disabled={rename.isPending}>
              Cancel
            </button>
          }
        >
          <TextField
            label="New name"
            error={nameError || undefined}
            inputRef={input}
            name="passkey-name"
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) setNameError("");
            }}
          />
        </Form>
      ) : (
        <Actions divided>
          <button
            ref={renameButtonRef}
            type="button"
            className="button"
            onClick={() => {
              rename.reset();
              setName(passkey.name);
              setEditing(true);
            }}
          >
            Rename<span className="visually-hidden"> {passkey.name}</span>
          </button>
          <button type="button" className="button button--danger-outline" onClick={onRemove}>
            Remove<span className="visually-hidden"> {passkey.name}</span>
          </button>
        </Actions>
      )}
    </Card>
  );
}
