"use client";

import { useState, type FormEvent, type RefObject } from "react";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { useFocusWhenShown } from "@/components/ui/focus-when-shown";
import { Actions, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { Form, useTextInput } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { formatFamilyCode, normalizeFamilyCode } from "@/lib/families/family-code-format";
import { FAMILY_CODE_TTL_DAYS, type Family, type FamilyCode } from "@/lib/families/schemas";
import type { PhoneCountry } from "@/lib/contacts/phone-number";
import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage, waitMessage } from "../api-messages";
import { LocalDate } from "../local-time";
import { ChildrenSection } from "./children-section";
import { GuardiansSection } from "./guardians-section";
import { useCreateFamily, useJoinFamily, useLeaveFamily, useMyFamily, useRotateFamilyCode } from "./family-queries";
import styles from "./family.module.css";
import { StatusMessage } from "@/components/ui/live-messages";

const ROLE_WORDS = { adult: "Adult", child: "Child" } as const;

/** A family code is typed as it was shared: no autofill, no autocorrect, capitals. */
const FAMILY_CODE_INPUT = { name: "code", type: "text", autoComplete: "off", autoCapitalize: "characters", spellCheck: false, maxLength: 40 } as const;

/**
 * The member's household: without one, a form to join with the code an adult shared, or to start one; with
 * one, its members, and for adults its children (added, changed, removed) and its code with a way to
 * replace it (after a confirmation, since the old code stops working); and leaving it. Outcomes are said in
 * a polite live region; focus moves to what changed. Phone numbers (on the pickup lists) are read and shown
 * as written in the church's `country`.
 */
export function FamilySection({ country }: { country: PhoneCountry }) {
  const family = useMyFamily();
  const [announcement, setAnnouncement] = useState("");
  const heading = useFocusWhenShown<HTMLHeadingElement>();

  return (
    <>
      <StatusMessage message={announcement} />
      <QueryStates query={family} what="your family">
        {(data) =>
          data === null ? (
            <>
              <JoinFamilyForm
                onJoined={() => {
                  heading.request();
                  setAnnouncement("You joined your family.");
                }}
              />
              <CreateFamilyForm
                onCreated={(name) => {
                  heading.request();
                  setAnnouncement(`${name} is ready. Share its code with the others in your household.`);
                }}
              />
            </>
          ) : (
            <FamilyView family={data} country={country} heading={heading.ref} onAnnounce={setAnnouncement} />
          )
        }
      </QueryStates>
    </>
  );
}

function JoinFamilyForm({ onJoined }: { onJoined: () => void }) {
  const join = useJoinFamily();
  const code = useTextInput(FAMILY_CODE_INPUT);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (join.isPending) return;
    const normalized = normalizeFamilyCode(code.value);
    if (!normalized) {
      code.reject("Enter the 10-letter code, like K7QM2-XR9DW.");
      return;
    }
    code.accept();
    join.mutate(formatFamilyCode(normalized), {
      onSuccess: () => {
        code.clear();
        onJoined();
      },
      onError: code.focus,
    });
  }

  const refusal = join.error ? joinRefusalMessage(join.error) : "";

  return (
    <Section id="join-family-title" title="Join your family">
      <p>
        You are not part of a family here yet. Ask an adult in your family for the family code: they find it on this page. A code works for{" "}
        {FAMILY_CODE_TTL_DAYS} days.
      </p>
      <Panel>
        <Form onSubmit={submit} submitLabel="Join family" pendingLabel="Joining…" pending={join.isPending}>
          <TextField
            label="Family code"
            hint="10 letters and numbers, like K7QM2-XR9DW. Upper or lower case both work."
            className={styles.codeInput}
            {...code.field(refusal)}
          />
        </Form>
      </Panel>
    </Section>
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

function FamilyView({
  family,
  country,
  heading,
  onAnnounce,
}: {
  family: Family;
  country: PhoneCountry;
  heading: RefObject<HTMLHeadingElement | null>;
  onAnnounce: (text: string) => void;
}) {
  return (
    <>
      <Section
        id="family-title"
        title={family.name}
        headingRef={heading}
        description={`You are ${family.your_role === "adult" ? "an adult" : "a child"} in this family. ${family.members.length === 1 ? "1 member" : `${family.members.length} members`}.`}
      >
        <RowList>
          {family.members.map((member) => (
            <Row key={member.user_id} spread>
              <span className={styles.memberName}>
                {member.given_name} {member.family_name}
                {member.you ? <span className="muted"> (you)</span> : null}
              </span>
              <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{ROLE_WORDS[member.role]}</span>
            </Row>
          ))}
        </RowList>
      </Section>
      {family.your_role === "adult" ? <ChildrenSection family={family} country={country} onAnnounce={onAnnounce} /> : <GuardiansSection onAnnounce={onAnnounce} />}
      {family.code ? <FamilyCodePanel code={family.code} onAnnounce={onAnnounce} /> : <p className="muted">An adult in your family can share the family code with new members.</p>}
      <LeaveFamilySection family={family} onAnnounce={onAnnounce} />
    </>
  );
}

function CreateFamilyForm({ onCreated }: { onCreated: (name: string) => void }) {
  const create = useCreateFamily();
  const name = useTextInput({ name: "name", type: "text", autoComplete: "off", maxLength: 100 });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.value.trim()) {
      name.reject("Enter a name for your household, like “The Okafor family”.");
      return;
    }
    name.accept();
    create.mutate(name.value.trim(), { onSuccess: (family) => onCreated(family.name), onError: name.focus });
  }

  const refusal = create.error
    ? create.error instanceof PortalApiError && create.error.code === "conflict"
      ? "You already belong to a household."
      : failedMessage("start your household", create.error)
    : "";

  return (
    <Section id="create-family-title" title="Start a household">
      <p>No one in your household has joined yet? Start it here: you will be its first adult, and get a code to share with the others.</p>
      <Panel>
        <Form onSubmit={submit} submitLabel="Start household" pendingLabel="Starting…" pending={create.isPending}>
          <TextField label="Household name" hint="What its members see, like “The Okafor family”." {...name.field(refusal)} />
        </Form>
      </Panel>
    </Section>
  );
}

function LeaveFamilySection({ family, onAnnounce }: { family: Family; onAnnounce: (text: string) => void }) {
  const leave = useLeaveFamily();
  const leaving = useConfirmation();
  const [failure, setFailure] = useState("");
  const alone = family.members.length === 1;

  function confirmLeaving() {
    if (leave.isPending) return;
    leave.mutate(undefined, {
      onSuccess: () => {
        leaving.close();
        onAnnounce(`You left ${family.name}.`);
      },
      onError: (error) => {
        leaving.close();
        setFailure(error instanceof PortalApiError && error.code === "conflict" ? "You are the household’s last adult: remove its children, or invite another adult to join first, then leave." : failedMessage("leave the household", error));
      },
    });
  }

  return (
    <Section id="leave-family-title" title="Leave this household" alert={failure}>
      <p>{alone ? "You are its only member: leaving closes it, and its code stops working." : "The others stay in it. You can join again with its code."}</p>
      <Actions>
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => {
            setFailure("");
            leaving.ask();
          }}
        >
          Leave household
        </button>
      </Actions>
      <ConfirmDialog {...leaving.dialog} title={`Leave ${family.name}?`} confirmLabel="Leave" busy={leave.isPending} onConfirm={confirmLeaving}>
        <p>{alone ? "The household is closed." : "You will no longer see its members or its code."} Guardianships you hold do not end.</p>
      </ConfirmDialog>
    </Section>
  );
}

function FamilyCodePanel({ code, onAnnounce }: { code: FamilyCode; onAnnounce: (text: string) => void }) {
  const rotate = useRotateFamilyCode();
  const rotation = useConfirmation();
  const [failure, setFailure] = useState("");
  const expired = new Date(code.expires_at) <= new Date();

  function confirmRotation() {
    if (rotate.isPending) return;
    setFailure("");
    onAnnounce("");
    rotate.mutate(undefined, {
      onSuccess: (fresh) => {
        rotation.close();
        onAnnounce(`Your new family code is ${fresh.code}. The old code no longer works.`);
      },
      onError: (error) => {
        rotation.close();
        setFailure(failedMessage("make a new code", error));
      },
    });
  }

  return (
    <Section id="family-code-title" title="Family code" alert={failure}>
      <p>Share it with the people in your household so they can join. Only adults in the family see it.</p>
      <Panel>
        {code.code ? <p className={styles.code}>{code.code}</p> : null}
        {!code.code ? (
          <Meta>Your family has no code to share yet. Make one to let someone join.</Meta>
        ) : code.active ? (
          <Meta>
            Works until <LocalDate iso={code.expires_at} />, for {code.uses_left === 1 ? "1 more person" : `${code.uses_left} more people`}.
          </Meta>
        ) : (
          <p className={styles.codeDead}>
            {expired ? "This code has expired." : "This code has been used as many times as it can be."} Make a new one to let someone join.
          </p>
        )}
      </Panel>
      <Actions>
        <button
          type="button"
          className="button"
          onClick={() => {
            setFailure("");
            rotation.ask();
          }}
        >
          Make a new code
        </button>
      </Actions>
      <ConfirmDialog {...rotation.dialog} title="Make a new family code?" confirmLabel="Make a new code" busy={rotate.isPending} onConfirm={confirmRotation}>
        <p>The current code stops working at once. Anyone who has it but has not joined yet will need the new one.</p>
      </ConfirmDialog>
    </Section>
  );
}
