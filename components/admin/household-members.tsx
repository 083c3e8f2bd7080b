"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { ChildForm, EMPTY_CHILD, useBirthDateWords } from "@/components/account/family/children-section";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Actions, Fact, Facts, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminFamilyDetail, AdminFamilyMember } from "@/lib/families/staff-schemas";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import styles from "./admin.module.css";
import { fullName } from "./household-refusal";
import { personHref } from "./person-church-life";
import { useAddHouseholdChild, useAddMember, usePeopleSearch, useRemoveHouseholdChild, useRemoveMember, useUpdateHouseholdChild } from "./households-queries";

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/** Find a person by name or email and add them as an adult or a child; a refusal (another household) is said above the results. */
function AddMemberPanel({ household, onDone }: { household: AdminFamilyDetail; onDone: (words: string) => void }) {
  const t = useTranslations("AdminHouseholds.members");
  const api = useApiMessages();
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [complaint, setComplaint] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const people = usePeopleSearch(q);
  const add = useAddMember(household.id);
  const here = new Set(household.members.map((member) => member.user_id));

  function search(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim().slice(0, MAX_SEARCH_LENGTH);
    if (!text) {
      setComplaint(t("findMissing"));
      input.current?.focus();
      return;
    }
    setComplaint("");
    add.reset();
    setQ(text);
  }

  return (
    <Panel title={t("addMember")}>
      <Meta>{t("addMemberMeta")}</Meta>
      <form className={styles.toolbar} role="search" aria-label={t("peopleToAdd")} onSubmit={search} noValidate>
        <TextField
          label={t("findLabel")}
          name="person"
          type="search"
          value={draft}
          maxLength={MAX_SEARCH_LENGTH}
          inputRef={input}
          error={complaint || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setComplaint("");
          }}
        />
        <button type="submit" className="button">
          {t("find")}
        </button>
      </form>
      <FormProblem message={add.error ? api.failed(t("addFailed"), add.error) : ""} />
      {q ? (
        <QueryStates query={people} loading={t("looking")} failure={t("lookFailed")} empty={(page) => page.items.length === 0 && t("nobodyFound")}>
          {(page) => (
            <RowList label={t("peopleFound")}>
              {page.items.map((person) => (
                <Row key={person.id} spread>
                  <span className={styles.householdMember}>
                    <strong>{fullName(person)}</strong>
                    <span className="muted">{person.email ?? t("noSignIn")}</span>
                  </span>
                  {here.has(person.id) ? (
                    <span className="badge badge--muted">{t("inHousehold")}</span>
                  ) : (
                    <Actions>
                      {(["adult", "child"] as const).map((role) => (
                        <button
                          key={role}
                          type="button"
                          className="button"
                          aria-disabled={add.isPending || undefined}
                          onClick={() => {
                            if (add.isPending) return;
                            add.mutate({ user_id: person.id, role }, { onSuccess: () => onDone(t("added", { name: fullName(person), household: household.name, role })) });
                          }}
                        >
                          {t.rich("addAs", { role, name: fullName(person), hidden })}
                        </button>
                      ))}
                    </Actions>
                  )}
                </Row>
              ))}
            </RowList>
          )}
        </QueryStates>
      ) : null}
      <Actions>
        <button type="button" className="button" onClick={() => onDone("")}>
          {t("close")}
        </button>
      </Actions>
    </Panel>
  );
}

/** The household's adults, each ticked: who become the new child's guardians. */
function GuardianChoice({ adults, chosen, onChange }: { adults: AdminFamilyMember[]; chosen: Set<string>; onChange: (next: Set<string>) => void }) {
  const t = useTranslations("AdminHouseholds.members");
  if (adults.length === 0) return <p className="muted">{t("noAdults")}</p>;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t("guardians")}</legend>
      {adults.map((adult) => (
        <CheckboxField
          key={adult.user_id}
          label={fullName(adult)}
          checked={chosen.has(adult.user_id)}
          onChange={(event) => {
            const next = new Set(chosen);
            if (event.target.checked) next.add(adult.user_id);
            else next.delete(adult.user_id);
            onChange(next);
          }}
        />
      ))}
    </fieldset>
  );
}

/**
 * The household's members for the office: adults and children, each child's birth date, whether they sign
 * in and the notes the household keeps. Staff with families:write add people who have an account, add and
 * change children who do not sign in, and take members out (a child without a sign-in: their record goes),
 * each removal after a confirmation. The last adult stays while children remain (the API says so).
 */
export function HouseholdMembers({ household, canWrite, onAnnounce }: { household: AdminFamilyDetail; canWrite: boolean; onAnnounce: (words: string) => void }) {
  const t = useTranslations("AdminHouseholds.members");
  const api = useApiMessages();
  const staffNotesHint = t("notesHint");
  const birthDateWords = useBirthDateWords();
  const [panel, setPanel] = useState<"member" | "child" | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState("");
  const adults = household.members.filter((member) => member.role === "adult");
  const [guardians, setGuardians] = useState<Set<string>>(() => new Set(adults.map((adult) => adult.user_id)));
  const addChild = useAddHouseholdChild(household.id);
  const updateChild = useUpdateHouseholdChild(household.id);
  const removeChild = useRemoveHouseholdChild(household.id);
  const removeMember = useRemoveMember(household.id);
  const removal = useConfirmation<AdminFamilyMember>();
  const focusAfterClose = useFocusAfterClose(removal.open);
  const heading = useRef<HTMLHeadingElement>(null);
  const subject = removal.subject;
  const recordOnly = subject?.role === "child" && !subject.has_sign_in;
  const removing = removeChild.isPending || removeMember.isPending;

  function confirmRemoval() {
    if (!subject || removing) return;
    const handlers = {
      onSuccess: () => {
        focusAfterClose(() => heading.current);
        removal.close();
        onAnnounce(recordOnly ? t("recordRemoved", { name: fullName(subject) }) : t("takenOut", { name: fullName(subject), household: household.name }));
      },
      onError: (error: Error) => {
        removal.close();
        setFailure(api.failed(t("removeFailed", { name: fullName(subject) }), error));
      },
    };
    if (recordOnly) removeChild.mutate(subject.user_id, handlers);
    else removeMember.mutate(subject.user_id, handlers);
  }

  function openPanel(which: "member" | "child") {
    setFailure("");
    addChild.reset();
    if (which === "child") setGuardians(new Set(adults.map((adult) => adult.user_id)));
    setPanel(which);
  }

  return (
    <Section id="household-members-title" title={t("title")} headingRef={heading} alert={failure}>
      {household.members.length === 0 ? <p className="muted">{t("nobody")}</p> : null}
      {household.members.length > 0 ? (
        <RowList label={t("membersOf", { name: household.name })}>
          {household.members.map((member) => (
            <Row key={member.user_id}>
              <div className={styles.householdMember}>
                <strong>
                  <Link href={personHref(member.user_id)}>{fullName(member)}</Link>
                </strong>{" "}
                <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{t("role", { role: member.role })}</span>
                {editing === member.user_id ? (
                  <ChildForm
                    label={t("detailsOf", { name: member.given_name })}
                    initial={{ given_name: member.given_name, family_name: member.family_name, birth_date: member.birth_date ?? "", notes: member.notes ?? "" }}
                    withNames={!member.has_sign_in}
                    submitLabel={t("save")}
                    pending={updateChild.isPending}
                    error={updateChild.error}
                    notesHint={staffNotesHint}
                    onCancel={() => setEditing(null)}
                    onSubmit={(values) =>
                      updateChild.mutate(
                        {
                          childId: member.user_id,
                          body: member.has_sign_in ? { notes: values.notes } : { given_name: values.given_name, family_name: values.family_name, birth_date: values.birth_date, notes: values.notes },
                        },
                        {
                          onSuccess: (child) => {
                            setEditing(null);
                            onAnnounce(t("detailsSaved", { name: fullName(child) }));
                          },
                        },
                      )
                    }
                  />
                ) : (
                  <>
                    <Facts>
                      {member.role === "child" ? <Fact term={t("birthDate")}>{member.birth_date ? birthDateWords(member.birth_date) : t("notKnown")}</Fact> : null}
                      <Fact term={t("signsIn")}>{member.has_sign_in ? t("yes") : t("no")}</Fact>
                      {member.role === "child" ? <Fact term={t("notes")}>{member.notes ?? t("none")}</Fact> : null}
                    </Facts>
                    {canWrite ? (
                      <Actions>
                        {member.role === "child" ? (
                          <button
                            type="button"
                            className="button"
                            onClick={() => {
                              updateChild.reset();
                              setEditing(member.user_id);
                            }}
                          >
                            {member.has_sign_in ? t.rich("changeNotes", { name: fullName(member), hidden }) : t.rich("changeDetails", { name: fullName(member), hidden })}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="button button--danger-outline"
                          onClick={() => {
                            setFailure("");
                            removal.ask(member);
                          }}
                        >
                          {t.rich("remove", { name: fullName(member), hidden })}
                        </button>
                      </Actions>
                    ) : null}
                  </>
                )}
              </div>
            </Row>
          ))}
        </RowList>
      ) : null}
      {canWrite && panel === "member" ? (
        <AddMemberPanel
          household={household}
          onDone={(words) => {
            setPanel(null);
            if (words) onAnnounce(words);
          }}
        />
      ) : null}
      {canWrite && panel === "child" ? (
        <Panel title={t("addChildTitle")}>
          <ChildForm
            label={t("addChildTitle")}
            initial={EMPTY_CHILD}
            withNames
            submitLabel={t("addChild")}
            pending={addChild.isPending}
            error={addChild.error}
            notesHint={staffNotesHint}
            extraFields={<GuardianChoice adults={adults} chosen={guardians} onChange={setGuardians} />}
            onCancel={() => setPanel(null)}
            onSubmit={(values) =>
              addChild.mutate(
                { given_name: values.given_name, family_name: values.family_name, birth_date: values.birth_date, notes: values.notes || null, guardian_ids: [...guardians] },
                {
                  onSuccess: (child) => {
                    setPanel(null);
                    onAnnounce(t("childAdded", { name: fullName(child), household: household.name }));
                  },
                },
              )
            }
          />
        </Panel>
      ) : null}
      {canWrite && panel === null ? (
        <Actions>
          <button type="button" className="button" onClick={() => openPanel("member")}>
            {t("addMember")}
          </button>
          <button type="button" className="button" onClick={() => openPanel("child")}>
            {t("addChildTitle")}
          </button>
        </Actions>
      ) : null}
      <ConfirmDialog
        {...removal.dialog}
        title={subject ? (recordOnly ? t("removeRecordTitle", { name: fullName(subject) }) : t("takeOutTitle", { name: fullName(subject), household: household.name })) : t("removeTitle")}
        confirmLabel={recordOnly ? t("removeRecord") : t("takeOut")}
        busy={removing}
        onConfirm={confirmRemoval}
      >
        <p>{recordOnly ? t("removeRecordText") : t("takeOutText")}</p>
      </ConfirmDialog>
    </Section>
  );
}
