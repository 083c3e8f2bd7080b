"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Actions, Card, CardList, Fact, Facts, Meta, Panel, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { PhoneCountry } from "@/lib/contacts/phone-number";
import type { Family } from "@/lib/families/schemas";
import { useApiMessages, type ApiMessages } from "../api-messages";
import { useAddChild, useRemoveChild, useUpdateChild } from "./family-queries";
import { PickupPanel } from "./pickup-panel";

type Member = Family["members"][number];

/** A birth date is a calendar day, not an instant: read and shown in UTC so no time zone moves it. */
function birthDay(birthDate: string, locale: string): { date: string; age: number } {
  const born = new Date(`${birthDate}T00:00:00Z`);
  const today = new Date();
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  if (today.getUTCMonth() < born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate())) age -= 1;
  return { date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(born), age };
}

/**
 * "March 4, 2019 (age 7)", in the page's language: `const birthDateWords = useBirthDateWords()`. Reads the
 * "AccountFamily.childForm" namespace (a staff page showing it names that in its ClientMessages).
 */
export function useBirthDateWords(): (birthDate: string) => string {
  const words = useTranslations("AccountFamily.childForm");
  const locale = useLocale();
  return (birthDate) => words("bornAge", birthDay(birthDate, locale));
}

/** @deprecated English only, for the staff pages until they speak the page's language: use useBirthDateWords. */
export function birthDateWords(birthDate: string): string {
  const { date, age } = birthDay(birthDate, "en-US");
  return `${date} (age ${age})`;
}

export interface ChildFields {
  given_name: string;
  family_name: string;
  birth_date: string;
  notes: string;
}

export const EMPTY_CHILD: ChildFields = { given_name: "", family_name: "", birth_date: "", notes: "" };
const FIELDS = ["given_name", "family_name", "birth_date", "notes"] as const satisfies readonly (keyof ChildFields)[];

/** A refusal that names a field (`birth_date: a child must be under 18`) goes under that field; anything else above the form. */
function splitRefusal(error: Error | null, api: ApiMessages, saveFailed: string): { field: keyof ChildFields | null; message: string } {
  if (!error) return { field: null, message: "" };
  for (const field of FIELDS) {
    const message = api.fieldRefusal(error, field);
    if (message) return { field, message };
  }
  return { field: null, message: api.failed(saveFailed, error) };
}

/** What the browser checks before asking: names and a birth date are there (the API checks the rest again). */
function missingField(values: ChildFields, needsNames: boolean): keyof ChildFields | null {
  if (needsNames && !values.given_name.trim()) return "given_name";
  if (needsNames && !values.family_name.trim()) return "family_name";
  if (needsNames && !values.birth_date) return "birth_date";
  return null;
}

/**
 * A child's names, birth date and notes, for a household's adults here and for staff
 * (components/admin/household-members.tsx). Its words are the "AccountFamily.childForm" namespace's, which a
 * page showing it names in its ClientMessages.
 */
export function ChildForm({
  initial,
  withNames,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  label,
  notesHint,
  extraFields,
}: {
  initial: ChildFields;
  /** False for a child who signs in: only the notes are the household's to change. */
  withNames: boolean;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (values: ChildFields) => void;
  onCancel?: () => void;
  label: string;
  notesHint?: string;
  /** Fields after the notes (staff: who become the child's guardians). */
  extraFields?: ReactNode;
}) {
  const words = useTranslations("AccountFamily.childForm");
  const api = useApiMessages();
  const [values, setValues] = useState(initial);
  const [missing, setMissing] = useState<keyof ChildFields | null>(null);
  const complaint = missing ? { field: missing, message: words(`missing.${missing as Exclude<keyof ChildFields, "notes">}`) } : null;
  const refs = useRef<Partial<Record<keyof ChildFields, HTMLInputElement | null>>>({});
  const refusal = splitRefusal(error, api, words("saveFailed"));
  const fieldError = (field: keyof ChildFields) => (complaint?.field === field ? complaint.message : refusal.field === field ? refusal.message : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const field = missingField(values, withNames);
    setMissing(field);
    if (field) {
      refs.current[field]?.focus();
      return;
    }
    onSubmit(values);
  }

  const input = (field: keyof ChildFields, extra: Record<string, unknown>) => (
    <TextField
      label={words(`labels.${field}`)}
      name={field}
      value={values[field]}
      inputRef={(element) => {
        refs.current[field] = element;
      }}
      error={fieldError(field)}
      onChange={(event) => {
        setValues((current) => ({ ...current, [field]: event.target.value }));
        if (missing === field) setMissing(null);
      }}
      {...extra}
    />
  );

  return (
    <Form
      onSubmit={submit}
      submitLabel={submitLabel}
      pendingLabel={words("saving")}
      pending={pending}
      label={label}
      actions={
        onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {words("cancel")}
          </button>
        ) : undefined
      }
    >
      <FormProblem message={refusal.field ? "" : refusal.message} />
      {withNames ? input("given_name", { autoComplete: "off", maxLength: 100 }) : null}
      {withNames ? input("family_name", { autoComplete: "off", maxLength: 100 }) : null}
      {withNames ? input("birth_date", { type: "date", max: new Date().toISOString().slice(0, 10) }) : null}
      {input("notes", { autoComplete: "off", maxLength: 1000, hint: notesHint ?? words("notesHint") })}
      {extraFields}
    </Form>
  );
}

/**
 * The household's children, for its adults: each with their birth date and notes; a child who does not
 * sign in can be changed and removed here (after a confirmation), one who signs in only has their notes
 * kept up to date. "Add a child" makes a record without a sign-in, with the adult as guardian.
 */
export function ChildrenSection({ family, country, onAnnounce }: { family: Family; country: PhoneCountry; onAnnounce: (text: string) => void }) {
  const t = useTranslations("AccountFamily.children");
  const api = useApiMessages();
  const birthDateWords = useBirthDateWords();
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const children = family.members.filter((member) => member.role === "child");
  const add = useAddChild();
  const update = useUpdateChild();
  const remove = useRemoveChild();
  const removal = useConfirmation<Member>();
  const focusAfterClose = useFocusAfterClose(removal.open);
  const heading = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [pickupOpen, setPickupOpen] = useState<string | null>(null);
  const [failure, setFailure] = useState("");

  function confirmRemoval() {
    const child = removal.subject;
    if (!child || remove.isPending) return;
    remove.mutate(child.user_id, {
      onSuccess: () => {
        focusAfterClose(() => heading.current);
        removal.close();
        onAnnounce(t("removed", { given: child.given_name, family: child.family_name }));
      },
      onError: (error) => {
        removal.close();
        setFailure(api.failed(t("removeFailed", { name: child.given_name }), error));
      },
    });
  }

  return (
    <Section id="children-title" title={t("title")} headingRef={heading} alert={failure}>
      {children.length === 0 ? <p className="muted">{t("none")}</p> : null}
      <CardList>
        {children.map((child) => (
          <li key={child.user_id}>
            <Card title={`${child.given_name} ${child.family_name}`}>
              {editing === child.user_id ? (
                <ChildForm
                  label={t("detailsOf", { name: child.given_name })}
                  initial={{ given_name: child.given_name, family_name: child.family_name, birth_date: child.birth_date ?? "", notes: child.notes ?? "" }}
                  withNames={!child.has_sign_in}
                  submitLabel={t("save")}
                  pending={update.isPending}
                  error={update.error}
                  onCancel={() => setEditing(null)}
                  onSubmit={(values) =>
                    update.mutate(
                      {
                        childId: child.user_id,
                        body: child.has_sign_in ? { notes: values.notes } : { given_name: values.given_name, family_name: values.family_name, birth_date: values.birth_date, notes: values.notes },
                      },
                      {
                        onSuccess: () => {
                          setEditing(null);
                          onAnnounce(t("saved", { name: values.given_name || child.given_name }));
                        },
                      },
                    )
                  }
                />
              ) : (
                <>
                  <Facts>
                    <Fact term={t("birthDate")}>{child.birth_date ? birthDateWords(child.birth_date) : t("notKnown")}</Fact>
                    <Fact term={t("notes")}>{child.notes ?? t("noNotes")}</Fact>
                    <Fact term={t("signsIn")}>{child.has_sign_in ? t("signsInYes") : t("signsInNo")}</Fact>
                  </Facts>
                  {pickupOpen === child.user_id ? <PickupPanel childId={child.user_id} childName={child.given_name} country={country} onAnnounce={onAnnounce} /> : null}
                  <Actions>
                    <button type="button" className="button" aria-expanded={pickupOpen === child.user_id} onClick={() => setPickupOpen((open) => (open === child.user_id ? null : child.user_id))}>
                      {pickupOpen === child.user_id ? t.rich("hidePickup", { name: child.given_name, hidden }) : t.rich("whoMayCollect", { name: child.given_name, hidden })}
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        update.reset();
                        setEditing(child.user_id);
                      }}
                    >
                      {child.has_sign_in ? t.rich("changeNotes", { name: child.given_name, hidden }) : t.rich("changeDetails", { name: child.given_name, hidden })}
                    </button>
                    {child.has_sign_in ? null : (
                      <button
                        type="button"
                        className="button button--danger-outline"
                        onClick={() => {
                          setFailure("");
                          removal.ask(child);
                        }}
                      >
                        {t.rich("remove", { name: child.given_name, hidden })}
                      </button>
                    )}
                  </Actions>
                </>
              )}
            </Card>
          </li>
        ))}
      </CardList>
      {adding ? (
        <Panel title={t("add")}>
          <Meta>{t("addNote")}</Meta>
          <ChildForm
            label={t("add")}
            initial={EMPTY_CHILD}
            withNames
            submitLabel={t("addSubmit")}
            pending={add.isPending}
            error={add.error}
            onCancel={() => setAdding(false)}
            onSubmit={(values) =>
              add.mutate(
                { given_name: values.given_name, family_name: values.family_name, birth_date: values.birth_date, notes: values.notes || null },
                {
                  onSuccess: (child) => {
                    setAdding(false);
                    onAnnounce(t("added", { given: child.given_name, family: child.family_name }));
                  },
                },
              )
            }
          />
        </Panel>
      ) : (
        <Actions>
          <button
            type="button"
            className="button"
            onClick={() => {
              add.reset();
              setAdding(true);
            }}
          >
            {t("add")}
          </button>
        </Actions>
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={removal.subject ? t("removeTitle", { name: removal.subject.given_name }) : t("removeTitleUnnamed")}
        confirmLabel={t("removeConfirm")}
        busy={remove.isPending}
        onConfirm={confirmRemoval}
      >
        <p>{t("removeBody")}</p>
      </ConfirmDialog>
    </Section>
  );
}
