"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { useSplitRefusal } from "./household-refusal";

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
  const t = useTranslations("AdminHouseholds.nameForm");
  const splitRefusal = useSplitRefusal();
  const [name, setName] = useState(initial);
  const [complaint, setComplaint] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const refusal = splitRefusal(error, ["name"] as const, t("saveFailed"));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setComplaint(t("nameMissing"));
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
      pendingLabel={t("saving")}
      pending={pending}
      label={label}
      actions={
        <button type="button" className="button" onClick={onCancel}>
          {t("cancel")}
        </button>
      }
    >
      <FormProblem message={refusal.field ? "" : refusal.message} />
      <TextField
        label={t("name")}
        name="name"
        hint={t("nameHint")}
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
