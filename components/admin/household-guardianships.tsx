"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Actions, Group, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import type { AdminFamilyDetail, AdminGuardianship, AdminGuardianshipRequest } from "@/lib/families/staff-schemas";
import styles from "./admin.module.css";
import { fullName, useSplitRefusal } from "./household-refusal";
import { useEndGuardianship, useHouseholdGuardianships, useRecordGuardianship } from "./households-queries";

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/** A day as the office reads it ("Nov 21, 2026"), in the page's language; kept in UTC, as the API's instants are read here. */
function useDay(): (iso: string) => string {
  const format = useFormatter();
  return (iso) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" });
}

/** Record a guardian: one of the household's adults for one of its children; the API's field errors under the fields. */
function RecordForm({ household, onDone }: { household: AdminFamilyDetail; onDone: (words: string) => void }) {
  const t = useTranslations("AdminHouseholds.guardianships");
  const splitRefusal = useSplitRefusal();
  const adults = household.members.filter((member) => member.role === "adult");
  const children = household.members.filter((member) => member.role === "child");
  const [guardianId, setGuardianId] = useState(adults[0]?.user_id ?? "");
  const [dependentId, setDependentId] = useState(children[0]?.user_id ?? "");
  const record = useRecordGuardianship(household.id);
  const refusal = splitRefusal(record.error, ["guardian_id", "dependent_id"] as const, t("recordFailed"));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending) return;
    record.mutate(
      { guardian_id: guardianId, dependent_id: dependentId },
      { onSuccess: (guardianship) => onDone(t("recorded", { guardian: fullName(guardianship.guardian), child: fullName(guardianship.dependent) })) },
    );
  }

  if (adults.length === 0 || children.length === 0) {
    return <p className="muted">{t("needBoth")}</p>;
  }
  return (
    <Form
      onSubmit={submit}
      submitLabel={t("recordSubmit")}
      pendingLabel={t("recording")}
      pending={record.isPending}
      label={t("record")}
      actions={
        <button type="button" className="button" onClick={() => onDone("")}>
          {t("cancel")}
        </button>
      }
    >
      <FormProblem message={refusal.field ? "" : refusal.message} />
      <div className={styles.grid}>
        <SelectField label={t("guardian")} name="guardian_id" value={guardianId} error={refusal.field === "guardian_id" ? refusal.message : undefined} onChange={(event) => setGuardianId(event.target.value)}>
          {adults.map((adult) => (
            <option key={adult.user_id} value={adult.user_id}>
              {fullName(adult)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("child")} name="dependent_id" value={dependentId} error={refusal.field === "dependent_id" ? refusal.message : undefined} onChange={(event) => setDependentId(event.target.value)}>
          {children.map((child) => (
            <option key={child.user_id} value={child.user_id}>
              {fullName(child)}
            </option>
          ))}
        </SelectField>
      </div>
    </Form>
  );
}

type Asked = { kind: "end"; guardianship: AdminGuardianship } | { kind: "confirm"; request: AdminGuardianshipRequest };

/**
 * Who acts for the household's children: live guardianships (ended after a confirmation), ended ones, and
 * the adults proposed as guardians of a minor who signs in, waiting for the minor's answer; staff may
 * confirm one directly (docs/decisions/0013), after a confirmation, or record one.
 */
export function HouseholdGuardianships({ household, canWrite, onAnnounce }: { household: AdminFamilyDetail; canWrite: boolean; onAnnounce: (words: string) => void }) {
  const t = useTranslations("AdminHouseholds.guardianships");
  const api = useApiMessages();
  const day = useDay();
  const guardianships = useHouseholdGuardianships(household.id);
  const end = useEndGuardianship();
  const record = useRecordGuardianship(household.id);
  const asked = useConfirmation<Asked>();
  const [recording, setRecording] = useState(false);
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const subject = asked.subject;
  const busy = end.isPending || record.isPending;

  function confirm() {
    if (!subject || busy) return;
    const handlers = (words: string, failed: string) => ({
      onSuccess: () => {
        asked.close();
        onAnnounce(words);
      },
      onError: (error: Error) => {
        asked.close();
        setFailure(api.failed(failed, error));
      },
    });
    if (subject.kind === "end") {
      const { guardianship } = subject;
      end.mutate(guardianship.id, handlers(t("ended", { guardian: fullName(guardianship.guardian), child: fullName(guardianship.dependent) }), t("endFailed")));
    } else {
      const { request } = subject;
      record.mutate(
        { guardian_id: request.guardian.id, dependent_id: request.dependent.id },
        handlers(t("recorded", { guardian: fullName(request.guardian), child: fullName(request.dependent) }), t("confirmFailed")),
      );
    }
  }

  return (
    <Section id="household-guardianships-title" title={t("title")} headingRef={heading} alert={failure}>
      <QueryStates query={guardianships} loading={t("loading")} failure={t("failure")}>
        {({ guardianships: all, requests }) => {
          const live = all.filter((guardianship) => guardianship.ended_at === null);
          const ended = all.filter((guardianship) => guardianship.ended_at !== null);
          return (
            <>
              {live.length === 0 ? <p className="muted">{t("noneLive")}</p> : null}
              {live.length > 0 ? (
                <RowList label={t("liveLabel")}>
                  {live.map((guardianship) => (
                    <Row key={guardianship.id} spread>
                      <span className={styles.householdMember}>
                        <span>{t.rich("guardianFor", { guardian: fullName(guardianship.guardian), child: fullName(guardianship.dependent), strong })}</span>
                        <span className="muted">{t("since", { date: day(guardianship.created_at) })}</span>
                      </span>
                      {canWrite ? (
                        <button
                          type="button"
                          className="button button--danger-outline"
                          onClick={() => {
                            setFailure("");
                            asked.ask({ kind: "end", guardianship });
                          }}
                        >
                          {t.rich("end", { guardian: fullName(guardianship.guardian), child: fullName(guardianship.dependent), hidden })}
                        </button>
                      ) : null}
                    </Row>
                  ))}
                </RowList>
              ) : null}
              {requests.length > 0 ? (
                <Group title={t("waitingTitle")}>
                  <RowList label={t("waitingLabel")}>
                    {requests.map((request) => (
                      <Row key={request.id} spread>
                        <span className={styles.householdMember}>
                          <span>{t.rich("proposedFor", { guardian: fullName(request.guardian), child: fullName(request.dependent), strong })}</span>
                          <span className="muted">{t("asked", { date: day(request.requested_at) })}</span>
                        </span>
                        {canWrite ? (
                          <button
                            type="button"
                            className="button"
                            onClick={() => {
                              setFailure("");
                              asked.ask({ kind: "confirm", request });
                            }}
                          >
                            {t.rich("confirm", { guardian: fullName(request.guardian), child: fullName(request.dependent), hidden })}
                          </button>
                        ) : null}
                      </Row>
                    ))}
                  </RowList>
                </Group>
              ) : null}
              {ended.length > 0 ? (
                <Group title={t("endedTitle")}>
                  <RowList label={t("endedLabel")}>
                    {ended.map((guardianship) => (
                      <Row key={guardianship.id}>
                        <span className="muted">{t("endedRow", { guardian: fullName(guardianship.guardian), child: fullName(guardianship.dependent), date: day(guardianship.ended_at!) })}</span>
                      </Row>
                    ))}
                  </RowList>
                </Group>
              ) : null}
            </>
          );
        }}
      </QueryStates>
      {canWrite ? (
        recording ? (
          <Panel title={t("record")}>
            <Meta>{t("recordMeta")}</Meta>
            <RecordForm
              household={household}
              onDone={(words) => {
                setRecording(false);
                if (words) onAnnounce(words);
              }}
            />
          </Panel>
        ) : (
          <Actions>
            <button type="button" className="button" onClick={() => setRecording(true)}>
              {t("record")}
            </button>
          </Actions>
        )
      ) : null}
      <ConfirmDialog
        {...asked.dialog}
        title={
          subject?.kind === "end"
            ? t("endTitle", { guardian: fullName(subject.guardianship.guardian) })
            : subject?.kind === "confirm"
              ? t("confirmTitle", { guardian: fullName(subject.request.guardian) })
              : t("areYouSure")
        }
        confirmLabel={subject?.kind === "end" ? t("endLabel") : t("confirmLabel")}
        busy={busy}
        onConfirm={confirm}
      >
        <p>
          {subject?.kind === "end"
            ? t("endText", { guardian: fullName(subject.guardianship.guardian), child: fullName(subject.guardianship.dependent) })
            : subject?.kind === "confirm"
              ? t("confirmText", { guardian: fullName(subject.request.guardian), child: fullName(subject.request.dependent) })
              : null}
        </p>
      </ConfirmDialog>
    </Section>
  );
}
