"use client";

import { useTranslations } from "next-intl";
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
import { useApiMessages } from "../api-messages";
import { LocalDate } from "../local-time";
import { ChildrenSection } from "./children-section";
import { GuardiansSection } from "./guardians-section";
import { useCreateFamily, useJoinFamily, useLeaveFamily, useMyFamily, useRotateFamilyCode } from "./family-queries";
import styles from "./family.module.css";
import { StatusMessage } from "@/components/ui/live-messages";

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
  const t = useTranslations("AccountFamily");
  const family = useMyFamily();
  const [announcement, setAnnouncement] = useState("");
  const heading = useFocusWhenShown<HTMLHeadingElement>();

  return (
    <>
      <StatusMessage message={announcement} />
      <QueryStates query={family} loading={t("loading")} failure={t("loadFailed")}>
        {(data) =>
          data === null ? (
            <>
              <JoinFamilyForm
                onJoined={() => {
                  heading.request();
                  setAnnouncement(t("join.joined"));
                }}
              />
              <CreateFamilyForm
                onCreated={(name) => {
                  heading.request();
                  setAnnouncement(t("create.created", { name }));
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
  const t = useTranslations("AccountFamily");
  const api = useApiMessages();
  const join = useJoinFamily();
  const code = useTextInput(FAMILY_CODE_INPUT);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (join.isPending) return;
    const normalized = normalizeFamilyCode(code.value);
    if (!normalized) {
      code.reject(t("join.codeMissing"));
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

  function joinRefusal(error: Error): string {
    const wait = api.wait(error);
    if (wait) return wait;
    if (error instanceof PortalApiError && error.code === "invalid_request") return t("join.codeDidntWork");
    if (error instanceof PortalApiError && error.code === "conflict") return t("join.alreadyInFamily");
    return api.failed(t("join.failed"), error);
  }

  const refusal = join.error ? joinRefusal(join.error) : "";

  return (
    <Section id="join-family-title" title={t("join.title")}>
      <p>{t("join.intro", { days: FAMILY_CODE_TTL_DAYS })}</p>
      <Panel>
        <Form onSubmit={submit} submitLabel={t("join.submit")} pendingLabel={t("join.joining")} pending={join.isPending}>
          <TextField label={t("join.codeLabel")} hint={t("join.codeHint")} className={styles.codeInput} {...code.field(refusal)} />
        </Form>
      </Panel>
    </Section>
  );
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
  const t = useTranslations("AccountFamily");
  return (
    <>
      <Section
        id="family-title"
        title={family.name}
        headingRef={heading}
        description={t("view.description", { role: family.your_role, count: family.members.length })}
      >
        <RowList>
          {family.members.map((member) => (
            <Row key={member.user_id} spread>
              <span className={styles.memberName}>
                {member.given_name} {member.family_name}
                {member.you ? <span className="muted"> {t("view.you")}</span> : null}
              </span>
              <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{t(`roles.${member.role}`)}</span>
            </Row>
          ))}
        </RowList>
      </Section>
      {family.your_role === "adult" ? <ChildrenSection family={family} country={country} onAnnounce={onAnnounce} /> : <GuardiansSection onAnnounce={onAnnounce} />}
      {family.code ? <FamilyCodePanel code={family.code} onAnnounce={onAnnounce} /> : <p className="muted">{t("view.codeFromAdult")}</p>}
      <LeaveFamilySection family={family} onAnnounce={onAnnounce} />
    </>
  );
}

function CreateFamilyForm({ onCreated }: { onCreated: (name: string) => void }) {
  const t = useTranslations("AccountFamily");
  const api = useApiMessages();
  const create = useCreateFamily();
  const name = useTextInput({ name: "name", type: "text", autoComplete: "off", maxLength: 100 });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.value.trim()) {
      name.reject(t("create.nameMissing"));
      return;
    }
    name.accept();
    create.mutate(name.value.trim(), { onSuccess: (family) => onCreated(family.name), onError: name.focus });
  }

  const refusal = create.error
    ? create.error instanceof PortalApiError && create.error.code === "conflict"
      ? t("create.alreadyInHousehold")
      : api.failed(t("create.failed"), create.error)
    : "";

  return (
    <Section id="create-family-title" title={t("create.title")}>
      <p>{t("create.intro")}</p>
      <Panel>
        <Form onSubmit={submit} submitLabel={t("create.submit")} pendingLabel={t("create.starting")} pending={create.isPending}>
          <TextField label={t("create.nameLabel")} hint={t("create.nameHint")} {...name.field(refusal)} />
        </Form>
      </Panel>
    </Section>
  );
}

function LeaveFamilySection({ family, onAnnounce }: { family: Family; onAnnounce: (text: string) => void }) {
  const t = useTranslations("AccountFamily");
  const api = useApiMessages();
  const leave = useLeaveFamily();
  const leaving = useConfirmation();
  const [failure, setFailure] = useState("");
  const alone = family.members.length === 1;

  function confirmLeaving() {
    if (leave.isPending) return;
    leave.mutate(undefined, {
      onSuccess: () => {
        leaving.close();
        onAnnounce(t("leave.left", { name: family.name }));
      },
      onError: (error) => {
        leaving.close();
        setFailure(error instanceof PortalApiError && error.code === "conflict" ? t("leave.lastAdult") : api.failed(t("leave.failed"), error));
      },
    });
  }

  return (
    <Section id="leave-family-title" title={t("leave.title")} alert={failure}>
      <p>{alone ? t("leave.alone") : t("leave.others")}</p>
      <Actions>
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => {
            setFailure("");
            leaving.ask();
          }}
        >
          {t("leave.button")}
        </button>
      </Actions>
      <ConfirmDialog {...leaving.dialog} title={t("leave.confirmTitle", { name: family.name })} confirmLabel={t("leave.confirm")} busy={leave.isPending} onConfirm={confirmLeaving}>
        <p>{alone ? t("leave.confirmAlone") : t("leave.confirmOthers")}</p>
      </ConfirmDialog>
    </Section>
  );
}

function FamilyCodePanel({ code, onAnnounce }: { code: FamilyCode; onAnnounce: (text: string) => void }) {
  const t = useTranslations("AccountFamily");
  const api = useApiMessages();
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
        onAnnounce(t("code.rotated", { code: fresh.code ?? "" }));
      },
      onError: (error) => {
        rotation.close();
        setFailure(api.failed(t("code.rotateFailed"), error));
      },
    });
  }

  return (
    <Section id="family-code-title" title={t("code.title")} alert={failure}>
      <p>{t("code.intro")}</p>
      <Panel>
        {code.code ? <p className={styles.code}>{code.code}</p> : null}
        {!code.code ? (
          <Meta>{t("code.none")}</Meta>
        ) : code.active ? (
          <Meta>{t.rich("code.worksUntil", { count: code.uses_left, date: () => <LocalDate iso={code.expires_at} /> })}</Meta>
        ) : (
          <p className={styles.codeDead}>{expired ? t("code.expired") : t("code.usedUp")}</p>
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
          {t("code.make")}
        </button>
      </Actions>
      <ConfirmDialog {...rotation.dialog} title={t("code.confirmTitle")} confirmLabel={t("code.make")} busy={rotate.isPending} onConfirm={confirmRotation}>
        <p>{t("code.confirmBody")}</p>
      </ConfirmDialog>
    </Section>
  );
}
