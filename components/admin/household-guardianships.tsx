"use client";

import { useRef, useState, type FormEvent } from "react";
import { failedMessage } from "@/components/account/api-messages";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Actions, Group, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import type { AdminFamilyDetail, AdminGuardianship, AdminGuardianshipRequest } from "@/lib/families/staff-schemas";
import styles from "./admin.module.css";
import { fullName, splitRefusal } from "./household-refusal";
import { useEndGuardianship, useHouseholdGuardianships, useRecordGuardianship } from "./households-queries";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const day = (iso: string) => DAY.format(new Date(iso));

/** Record a guardian: one of the household's adults for one of its children; the API's field errors under the fields. */
function RecordForm({ household, onDone }: { household: AdminFamilyDetail; onDone: (words: string) => void }) {
  const adults = household.members.filter((member) => member.role === "adult");
  const children = household.members.filter((member) => member.role === "child");
  const [guardianId, setGuardianId] = useState(adults[0]?.user_id ?? "");
  const [dependentId, setDependentId] = useState(children[0]?.user_id ?? "");
  const record = useRecordGuardianship(household.id);
  const refusal = splitRefusal(record.error, ["guardian_id", "dependent_id"] as const, "record the guardianship");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending) return;
    record.mutate(
      { guardian_id: guardianId, dependent_id: dependentId },
      { onSuccess: (guardianship) => onDone(`${fullName(guardianship.guardian)} is recorded as guardian of ${fullName(guardianship.dependent)}.`) },
    );
  }

  if (adults.length === 0 || children.length === 0) {
    return <p className="muted">A guardianship is recorded here for one of the household’s children and one of its adults.</p>;
  }
  return (
    <Form
      onSubmit={submit}
      submitLabel="Record guardianship"
      pendingLabel="Recording…"
      pending={record.isPending}
      label="Record a guardianship"
      actions={
        <button type="button" className="button" onClick={() => onDone("")}>
          Cancel
        </button>
      }
    >
      <FormProblem message={refusal.field ? "" : refusal.message} />
      <div className={styles.grid}>
        <SelectField label="Guardian" name="guardian_id" value={guardianId} error={refusal.field === "guardian_id" ? refusal.message : undefined} onChange={(event) => setGuardianId(event.target.value)}>
          {adults.map((adult) => (
            <option key={adult.user_id} value={adult.user_id}>
              {fullName(adult)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Child" name="dependent_id" value={dependentId} error={refusal.field === "dependent_id" ? refusal.message : undefined} onChange={(event) => setDependentId(event.target.value)}>
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
    const handlers = (words: string, doing: string) => ({
      onSuccess: () => {
        asked.close();
        onAnnounce(words);
      },
      onError: (error: Error) => {
        asked.close();
        setFailure(failedMessage(doing, error));
      },
    });
    if (subject.kind === "end") {
      const { guardianship } = subject;
      end.mutate(guardianship.id, handlers(`${fullName(guardianship.guardian)} is no longer guardian of ${fullName(guardianship.dependent)}.`, "end the guardianship"));
    } else {
      const { request } = subject;
      record.mutate(
        { guardian_id: request.guardian.id, dependent_id: request.dependent.id },
        handlers(`${fullName(request.guardian)} is recorded as guardian of ${fullName(request.dependent)}.`, "confirm the guardianship"),
      );
    }
  }

  return (
    <Section id="household-guardianships-title" title="Guardianships" headingRef={heading} alert={failure}>
      <QueryStates query={guardianships} loading="Loading guardianships…" failure="We couldn’t load the guardianships">
        {({ guardianships: all, requests }) => {
          const live = all.filter((guardianship) => guardianship.ended_at === null);
          const ended = all.filter((guardianship) => guardianship.ended_at !== null);
          return (
            <>
              {live.length === 0 ? <p className="muted">No live guardianships.</p> : null}
              {live.length > 0 ? (
                <RowList label="Live guardianships">
                  {live.map((guardianship) => (
                    <Row key={guardianship.id} spread>
                      <span className={styles.householdMember}>
                        <span>
                          <strong>{fullName(guardianship.guardian)}</strong> for <strong>{fullName(guardianship.dependent)}</strong>
                        </span>
                        <span className="muted">Since {day(guardianship.created_at)}</span>
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
                          End<span className="visually-hidden"> {fullName(guardianship.guardian)}’s guardianship of {fullName(guardianship.dependent)}</span>
                        </button>
                      ) : null}
                    </Row>
                  ))}
                </RowList>
              ) : null}
              {requests.length > 0 ? (
                <Group title="Waiting for the young person’s answer">
                  <RowList label="Guardianship requests waiting">
                    {requests.map((request) => (
                      <Row key={request.id} spread>
                        <span className={styles.householdMember}>
                          <span>
                            <strong>{fullName(request.guardian)}</strong> proposed for <strong>{fullName(request.dependent)}</strong>
                          </span>
                          <span className="muted">Asked {day(request.requested_at)}</span>
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
                            Confirm<span className="visually-hidden"> {fullName(request.guardian)} for {fullName(request.dependent)}</span>
                          </button>
                        ) : null}
                      </Row>
                    ))}
                  </RowList>
                </Group>
              ) : null}
              {ended.length > 0 ? (
                <Group title="Ended">
                  <RowList label="Ended guardianships">
                    {ended.map((guardianship) => (
                      <Row key={guardianship.id}>
                        <span className="muted">
                          {fullName(guardianship.guardian)} for {fullName(guardianship.dependent)}, ended {day(guardianship.ended_at!)}
                        </span>
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
          <Panel title="Record a guardianship">
            <Meta>Only after the office has checked who the guardian is. They can then act for the child’s account.</Meta>
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
              Record a guardianship
            </button>
          </Actions>
        )
      ) : null}
      <ConfirmDialog
        {...asked.dialog}
        title={
          subject?.kind === "end"
            ? `End ${fullName(subject.guardianship.guardian)}’s guardianship?`
            : subject?.kind === "confirm"
              ? `Confirm ${fullName(subject.request.guardian)} as guardian?`
              : "Are you sure?"
        }
        confirmLabel={subject?.kind === "end" ? "End guardianship" : "Confirm guardian"}
        busy={busy}
        onConfirm={confirm}
      >
        <p>
          {subject?.kind === "end"
            ? `${fullName(subject.guardianship.guardian)} will no longer act for ${fullName(subject.guardianship.dependent)}, at once.`
            : subject?.kind === "confirm"
              ? `${fullName(subject.request.guardian)} will act for ${fullName(subject.request.dependent)}’s account without waiting for their answer. Confirm only after the office has checked.`
              : null}
        </p>
      </ConfirmDialog>
    </Section>
  );
}
