"use client";

import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Actions, Card, CardList, Fact, Facts, Meta, Panel, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { PhoneCountry } from "@/lib/contacts/phone-number";
import type { Family } from "@/lib/families/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage } from "../api-messages";
import { useAddChild, useRemoveChild, useUpdateChild } from "./family-queries";
import { PickupPanel } from "./pickup-panel";

type Member = Family["members"][number];

/** A birth date is a calendar day, not an instant: read and shown in UTC so no time zone moves it. */
const BIRTH_DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "March 4, 2019 (age 7)" */
export function birthDateWords(birthDate: string): string {
  const born = new Date(`${birthDate}T00:00:00Z`);
  const today = new Date();
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  if (today.getUTCMonth() < born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate())) age -= 1;
  return `${BIRTH_DAY.format(born)} (age ${age})`;
}

export interface ChildFields {
  given_name: string;
  family_name: string;
  birth_date: string;
  notes: string;
}

export const EMPTY_CHILD: ChildFields = { given_name: "", family_name: "", birth_date: "", notes: "" };
const LABELS: Record<keyof ChildFields, string> = { given_name: "First name", family_name: "Last name", birth_date: "Birth date", notes: "Notes for whoever looks after them (optional)" };

/** A refusal that names a field (`birth_date: a child must be under 18`) goes under that field; anything else above the form. */
function splitRefusal(error: Error | null): { field: keyof ChildFields | null; message: string } {
  if (!error) return { field: null, message: "" };
  if (error instanceof PortalApiError) {
    const match = /^(given_name|family_name|birth_date|notes): (.+)$/.exec(error.message);
    if (match) return { field: match[1] as keyof ChildFields, message: match[2]!.replace(/^./, (first) => first.toUpperCase()) + "." };
  }
  return { field: null, message: failedMessage("save the child’s details", error) };
}

/** What the browser checks before asking: names and a birth date are there (the API checks the rest again). */
function missingField(values: ChildFields, needsNames: boolean): { field: keyof ChildFields; message: string } | null {
  if (needsNames && !values.given_name.trim()) return { field: "given_name", message: "Enter the child’s first name." };
  if (needsNames && !values.family_name.trim()) return { field: "family_name", message: "Enter the child’s last name." };
  if (needsNames && !values.birth_date) return { field: "birth_date", message: "Enter the child’s birth date." };
  return null;
}

/** A child's names, birth date and notes, for a household's adults here and for staff (components/admin/household-members.tsx). */
export function ChildForm({
  initial,
  withNames,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  label,
  notesHint = "Allergies, medicine, who to call. Only your household’s adults and church staff see it.",
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
  const [values, setValues] = useState(initial);
  const [complaint, setComplaint] = useState<{ field: keyof ChildFields; message: string } | null>(null);
  const refs = useRef<Partial<Record<keyof ChildFields, HTMLInputElement | null>>>({});
  const refusal = splitRefusal(error);
  const fieldError = (field: keyof ChildFields) => (complaint?.field === field ? complaint.message : refusal.field === field ? refusal.message : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const missing = missingField(values, withNames);
    setComplaint(missing);
    if (missing) {
      refs.current[missing.field]?.focus();
      return;
    }
    onSubmit(values);
  }

  const input = (field: keyof ChildFields, extra: Record<string, unknown>) => (
    <TextField
      label={LABELS[field]}
      name={field}
      value={values[field]}
      inputRef={(element) => {
        refs.current[field] = element;
      }}
      error={fieldError(field)}
      onChange={(event) => {
        setValues((current) => ({ ...current, [field]: event.target.value }));
        if (complaint?.field === field) setComplaint(null);
      }}
      {...extra}
    />
  );

  return (
    <Form
      onSubmit={submit}
      submitLabel={submitLabel}
      pendingLabel="Saving…"
      pending={pending}
      label={label}
      actions={
        onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : undefined
      }
    >
      <FormProblem message={refusal.field ? "" : refusal.message} />
      {withNames ? input("given_name", { autoComplete: "off", maxLength: 100 }) : null}
      {withNames ? input("family_name", { autoComplete: "off", maxLength: 100 }) : null}
      {withNames ? input("birth_date", { type: "date", max: new Date().toISOString().slice(0, 10) }) : null}
      {input("notes", { autoComplete: "off", maxLength: 1000, hint: notesHint })}
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
        onAnnounce(`${child.given_name} ${child.family_name} was removed from your household.`);
      },
      onError: (error) => {
        removal.close();
        setFailure(failedMessage(`remove ${child.given_name}`, error));
      },
    });
  }

  return (
    <Section id="children-title" title="Children" headingRef={heading} alert={failure}>
      {children.length === 0 ? <p className="muted">No children in your household yet.</p> : null}
      <CardList>
        {children.map((child) => (
          <li key={child.user_id}>
            <Card title={`${child.given_name} ${child.family_name}`}>
              {editing === child.user_id ? (
                <ChildForm
                  label={`Details of ${child.given_name}`}
                  initial={{ given_name: child.given_name, family_name: child.family_name, birth_date: child.birth_date ?? "", notes: child.notes ?? "" }}
                  withNames={!child.has_sign_in}
                  submitLabel="Save"
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
                          onAnnounce(`${values.given_name || child.given_name}’s details are saved.`);
                        },
                      },
                    )
                  }
                />
              ) : (
                <>
                  <Facts>
                    <Fact term="Birth date">{child.birth_date ? birthDateWords(child.birth_date) : "Not known"}</Fact>
                    <Fact term="Notes">{child.notes ?? "None"}</Fact>
                    <Fact term="Signs in">{child.has_sign_in ? "Yes, with their own account" : "No"}</Fact>
                  </Facts>
                  {pickupOpen === child.user_id ? <PickupPanel childId={child.user_id} childName={child.given_name} country={country} onAnnounce={onAnnounce} /> : null}
                  <Actions>
                    <button type="button" className="button" aria-expanded={pickupOpen === child.user_id} onClick={() => setPickupOpen((open) => (open === child.user_id ? null : child.user_id))}>
                      {pickupOpen === child.user_id ? "Hide pickup list" : "Who may collect"}
                      <span className="visually-hidden"> {child.given_name}</span>
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        update.reset();
                        setEditing(child.user_id);
                      }}
                    >
                      {child.has_sign_in ? "Change notes" : "Change details"}
                      <span className="visually-hidden"> of {child.given_name}</span>
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
                        Remove<span className="visually-hidden"> {child.given_name}</span>
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
        <Panel title="Add a child">
          <Meta>For a child who does not sign in themselves. You become their guardian here.</Meta>
          <ChildForm
            label="Add a child"
            initial={EMPTY_CHILD}
            withNames
            submitLabel="Add child"
            pending={add.isPending}
            error={add.error}
            onCancel={() => setAdding(false)}
            onSubmit={(values) =>
              add.mutate(
                { given_name: values.given_name, family_name: values.family_name, birth_date: values.birth_date, notes: values.notes || null },
                {
                  onSuccess: (child) => {
                    setAdding(false);
                    onAnnounce(`${child.given_name} ${child.family_name} was added to your household.`);
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
            Add a child
          </button>
        </Actions>
      )}
      <ConfirmDialog {...removal.dialog} title={`Remove ${removal.subject?.given_name ?? "this child"} from your household?`} confirmLabel="Remove" busy={remove.isPending} onConfirm={confirmRemoval}>
        <p>Their record, with its notes, is deleted. You can add them again later.</p>
      </ConfirmDialog>
    </Section>
  );
}
