"use client";

import { useRef, useState, type FormEvent } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { splitRefusal } from "./household-refusal";

/** A household's name, for a new household and for renaming one: the error under the field, others above. */
export function HouseholdNameForm({
  initial,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [complaint, setComplaint] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const refusal = splitRefusal(error, ["name"] as const, "save the household");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setComplaint("Enter the household’s name.");
      input.current?.focus();
      return;
    }
    setComplaint("");
    onSubmit(name.trim());
  }

  return (
    <Form
      onSubmit={submit}
      submitLabel={submitLabel}
      pendingLabel="Saving…"
      pending={pending}
      label={label}
      actions={
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      }
    >
      <FormProblem message={refusal.field ? "" : refusal.message} />
      <TextField
        label="Household name"
        name="name"
        hint="What its members see, like “The Okafor family”."
        autoComplete="off"
        maxLength={100}
        value={name}
        inputRef={input}
        error={complaint || (refusal.field ? refusal.message : undefined)}
        onChange={(event) => {
          setName(event.target.value);
          setComplaint("");
        }}
      />
    </Form>
  );
}
