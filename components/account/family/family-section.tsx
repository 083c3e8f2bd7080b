"use client";

import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/text-field";
import { formatFamilyCode, normalizeFamilyCode } from "@/lib/families/family-code-format";
import { FAMILY_CODE_TTL_DAYS, type Family, type FamilyCode } from "@/lib/families/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import formStyles from "../account-forms.module.css";
import { failedMessage, waitMessage } from "../api-messages";
import { LoadError } from "../load-error";
import { LocalDate } from "../local-time";
import { useJoinFamily, useMyFamily, useRotateFamilyCode } from "./family-queries";
import styles from "./family.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

const ROLE_WORDS = { adult: "Adult", child: "Child" } as const;

/**
 * The member's household: without one, a form to join with the code an adult shared; with one, its
 * members, and for adults its code and a way to replace it (after a confirmation, since the old code
 * stops working). Outcomes are said in a polite live region; focus moves to what changed.
 */
export function FamilySection() {
  const family = useMyFamily();
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    if (!focusHeading.current || !heading.current) return;
    focusHeading.current = false;
    heading.current.focus();
  });

  let body;
  if (family.isPending) {
    body = (
      <p className="muted" aria-busy="true">
        Loading your family…
      </p>
    );
  } else if (family.data === undefined) {
    body = (
      <LoadError
        title="We couldn’t load your family"
        message={family.error?.message ?? "Please try again in a moment."}
        retrying={family.isFetching}
        onRetry={() => void family.refetch()}
      />
    );
  } else if (family.data === null) {
    body = (
      <JoinFamilyForm
        onJoined={() => {
          focusHeading.current = true;
          setAnnouncement("You joined your family.");
        }}
      />
    );
  } else {
    body = <FamilyView family={family.data} heading={heading} onAnnounce={setAnnouncement} />;
  }

  return (
    <>
      <StatusMessage message={announcement} />
      {body}
    </>
  );
}

function JoinFamilyForm({ onJoined }: { onJoined: () => void }) {
  const join = useJoinFamily();
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState("");
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (join.isPending) return;
    const normalized = normalizeFamilyCode(code);
    if (!normalized) {
      setInvalid("Enter the 10-letter code, like K7QM2-XR9DW.");
      input.current?.focus();
      return;
    }
    setInvalid("");
    join.mutate(formatFamilyCode(normalized), {
      onSuccess: () => {
        setCode("");
        onJoined();
      },
      onError: () => input.current?.focus(),
    });
  }

  const refusal = join.error ? joinRefusalMessage(join.error) : "";

  return (
    <section className={styles.section} aria-labelledby="join-family-title">
      <h2 id="join-family-title">Join your family</h2>
      <p>
        You are not part of a family here yet. Ask an adult in your family for the family code: they find it on this page. A code works for{" "}
        {FAMILY_CODE_TTL_DAYS} days.
      </p>
      <form className={`${formStyles.form} ${styles.joinForm}`} onSubmit={submit} noValidate>
        <TextField
          label="Family code"
          hint="10 letters and numbers, like K7QM2-XR9DW. Upper or lower case both work."
          error={invalid || refusal || undefined}
          inputRef={input}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className={styles.codeInput}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (invalid) setInvalid("");
          }}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" aria-disabled={join.isPending || undefined}>
            {join.isPending ? "Joining…" : "Join family"}
          </button>
        </div>
      </form>
    </section>
  );
}

function joinRefusalMessage(error: Error): string {
  const wait = waitMessage(error);
  if (wait) return wait;
  if (error instanceof PortalApiError && error.code === "invalid_request") {
    return "That code didn’t work. Check it with an adult in your family: codes expire, and a new one replaces the old.";
  }
  if (error instanceof PortalApiError && error.code === "conflict") return "You already belong to another family.";
  return failedMessage("join that family", error);
}

function FamilyView({ family, heading, onAnnounce }: { family: Family; heading: RefObject<HTMLHeadingElement | null>; onAnnounce: (text: string) => void }) {
  return (
    <>
      <section className={styles.section} aria-labelledby="family-title">
        <h2 id="family-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
          {family.name}
        </h2>
        <p className="muted">
          You are {family.your_role === "adult" ? "an adult" : "a child"} in this family. {family.members.length === 1 ? "1 member" : `${family.members.length} members`}.
        </p>
        <ul role="list" className={styles.members}>
          {family.members.map((member) => (
            <li key={member.user_id} className={styles.member}>
              <span className={styles.memberName}>
                {member.given_name} {member.family_name}
                {member.you ? <span className="muted"> (you)</span> : null}
              </span>
              <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{ROLE_WORDS[member.role]}</span>
            </li>
          ))}
        </ul>
      </section>
      {family.code ? <FamilyCodePanel code={family.code} onAnnounce={onAnnounce} /> : <p className="muted">An adult in your family can share the family code with new members.</p>}
    </>
  );
}

function FamilyCodePanel({ code, onAnnounce }: { code: FamilyCode; onAnnounce: (text: string) => void }) {
  const rotate = useRotateFamilyCode();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [failure, setFailure] = useState("");
  const expired = new Date(code.expires_at) <= new Date();

  function confirmRotation() {
    if (rotate.isPending) return;
    setFailure("");
    onAnnounce("");
    rotate.mutate(undefined, {
      onSuccess: (fresh) => {
        setDialogOpen(false);
        onAnnounce(`Your new family code is ${fresh.code}. The old code no longer works.`);
      },
      onError: (error) => {
        setDialogOpen(false);
        setFailure(failedMessage("make a new code", error));
      },
    });
  }

  return (
    <section className={styles.section} aria-labelledby="family-code-title">
      <h2 id="family-code-title" className={styles.sectionTitle}>
        Family code
      </h2>
      <p>Share it with the people in your household so they can join. Only adults in the family see it.</p>
      <div className={styles.codeCard}>
        {code.code ? <p className={styles.code}>{code.code}</p> : null}
        {!code.code ? (
          <p className={styles.codeMeta}>Your family has no code to share yet. Make one to let someone join.</p>
        ) : code.active ? (
          <p className={styles.codeMeta}>
            Works until <LocalDate iso={code.expires_at} />, for {code.uses_left === 1 ? "1 more person" : `${code.uses_left} more people`}.
          </p>
        ) : (
          <p className={`${styles.codeMeta} ${styles.codeDead}`}>
            {expired ? "This code has expired." : "This code has been used as many times as it can be."} Make a new one to let someone join.
          </p>
        )}
      </div>
      <AlertMessage message={failure} />
      <div className={formStyles.actions}>
        <button
          type="button"
          className="button"
          onClick={() => {
            setFailure("");
            setDialogOpen(true);
          }}
        >
          Make a new code
        </button>
      </div>
      <ConfirmDialog
        open={dialogOpen}
        title="Make a new family code?"
        confirmLabel="Make a new code"
        busy={rotate.isPending}
        onConfirm={confirmRotation}
        onCancel={() => setDialogOpen(false)}
      >
        <p>The current code stops working at once. Anyone who has it but has not joined yet will need the new one.</p>
      </ConfirmDialog>
    </section>
  );
}
