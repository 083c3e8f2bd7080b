"use client";

import { useTranslations } from "next-intl";
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
import { useApiMessages, type ApiMessages } from "../api-messages";
import { LocalDate, LocalDateTime } from "../local-time";
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from "./passkeys-queries";

type Words = ReturnType<typeof useTranslations<"AccountSecurity">>;

/** The name field's complaint in the page's words, or null when the name will do. */
function nameProblem(t: Words, name: string): string | null {
  const parsed = passkeyNameSchema.safeParse(name);
  if (parsed.success) return null;
  return name.trim() === "" ? t("passkeys.nameEmpty") : t("passkeys.nameInvalid", { max: PASSKEY_NAME_MAX });
}

/** What went wrong while adding a passkey, in words: the browser's own refusals first, then the API's. */
function addFailure(t: Words, api: ApiMessages, error: Error): string {
  if (error.name === "NotAllowedError" || error.name === "AbortError") return t("passkeys.addCancelled");
  if (error.name === "InvalidStateError") return t("passkeys.addDuplicate");
  if (error instanceof PortalApiError) {
    if (error.code === "conflict") return api.failed(t("passkeys.notAdded"), error);
    return api.failed(t("passkeys.addFailed"), error);
  }
  return api.failed(t("passkeys.browserFailed"), error);
}

/**
 * Passkeys (docs/decisions/0021): sign in with the device's own lock (fingerprint, face or PIN) instead of a
 * password. Add one (a name, then the browser's prompt), see each one's dates and whether it is synced,
 * rename it in place, remove it after a confirmation. Adding and removing need a recent sign-in: the API's
 * step-up answer sends the member to confirm it is them and back here (lib/portal-api/client.ts).
 */
export function PasskeysSection() {
  const t = useTranslations("AccountSecurity");
  const api = useApiMessages();
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
    const problem = nameProblem(t, name);
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
        say(t("passkeys.added", { name: created.name }));
        requestAnimationFrame(() => heading.current?.focus());
      },
      onError: (error) => setFailure(addFailure(t, api, error)),
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
        say(t("passkeys.removed", { name: passkey.name }));
      },
      onError: (error) => {
        removal.close();
        setFailure(
          error instanceof PortalApiError && error.code === "not_found" ? t("passkeys.alreadyRemoved") : api.failed(t("passkeys.removeFailed", { name: passkey.name }), error),
        );
      },
    });
  }

  const count = passkeys.data?.passkeys.length ?? 0;
  const full = count >= MAX_PASSKEYS;

  return (
    <Section
      id="passkeys-title"
      title={t("passkeys.title")}
      headingRef={heading}
      description={t("passkeys.description")}
      status={announcement}
      alert={failure}
    >
      <QueryStates
        query={passkeys}
        loading={t("passkeys.loading")}
        failure={t("passkeys.loadFailed")}
        empty={(data) => data.passkeys.length === 0 && !adding && t("passkeys.empty")}
      >
        {(data) => (
          <CardList busy={passkeys.isFetching}>
            {data.passkeys.map((passkey) => (
              <li key={passkey.id}>
                <PasskeyCard
                  passkey={passkey}
                  onRenamed={(renamed) => say(t("passkeys.renamed", { name: renamed.name }))}
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
        <p className="notice notice--warning">{t("passkeys.unsupported")}</p>
      ) : adding ? (
        <Panel title={t("passkeys.addTitle")}>
          <Form
            onSubmit={submitAdd}
            submitLabel={t("passkeys.continue")}
            pendingLabel={t("passkeys.waiting")}
            pending={add.isPending}
            actions={
              <button type="button" className="button" onClick={stopAdding} disabled={add.isPending}>
                {t("passkeys.cancel")}
              </button>
            }
          >
            <TextField
              label={t("passkeys.nameLabel")}
              hint={t("passkeys.nameHint", { max: PASSKEY_NAME_MAX })}
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
            <p className="muted">{t("passkeys.confirmHint")}</p>
          </Form>
        </Panel>
      ) : (
        <Actions>
          <button ref={addButtonRef} type="button" className="button button--primary" onClick={startAdding} disabled={supported === null || full}>
            {t("passkeys.add")}
          </button>
          {full ? <p className="muted">{t("passkeys.full", { max: MAX_PASSKEYS })}</p> : null}
        </Actions>
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={removal.subject ? t("passkeys.removeTitle", { name: removal.subject.name }) : t("passkeys.removeTitleAny")}
        confirmLabel={t("passkeys.remove")}
        busy={remove.isPending}
        onConfirm={confirmRemoval}
      >
        <p>{t("passkeys.removeText")}</p>
      </ConfirmDialog>
    </Section>
  );
}

/** One passkey: its name, dates and kind, with Rename (a form in its place) and Remove. */
function PasskeyCard({ passkey, onRenamed, onRemove }: { passkey: PasskeyView; onRenamed: (renamed: PasskeyView) => void; onRemove: () => void }) {
  const t = useTranslations("AccountSecurity");
  const api = useApiMessages();
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
    const problem = nameProblem(t, name);
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
          setNameError(api.failed(t("passkeys.renameFailed"), error));
          input.current?.focus();
        },
      },
    );
  }

  return (
    <Card titleId={titleId} title={passkey.name}>
      <Facts>
        <Fact term={t("passkeys.addedOn")}>
          <LocalDate iso={passkey.created_at} />
        </Fact>
        <Fact term={t("passkeys.lastUsed")}>{passkey.last_used_at ? <LocalDateTime iso={passkey.last_used_at} /> : t("passkeys.never")}</Fact>
        <Fact term={t("passkeys.stored")}>{passkey.synced ? t("passkeys.synced") : t("passkeys.deviceOnly")}</Fact>
      </Facts>
      {editing ? (
        <Form
          onSubmit={submit}
          submitLabel={t("passkeys.saveName")}
          pendingLabel={t("passkeys.saving")}
          pending={rename.isPending}
          label={t("passkeys.renameForm", { name: passkey.name })}
          actions={
            <button type="button" className="button" onClick={close} disabled={rename.isPending}>
              {t("passkeys.cancel")}
            </button>
          }
        >
          <TextField
            label={t("passkeys.newName")}
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
            {t.rich("passkeys.renameNamed", { name: passkey.name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
          </button>
          <button type="button" className="button button--danger-outline" onClick={onRemove}>
            {t.rich("passkeys.removeNamed", { name: passkey.name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
          </button>
        </Actions>
      )}
    </Card>
  );
}
