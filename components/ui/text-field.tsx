"use client";

import type { InputHTMLAttributes, Ref } from "react";
import { Field, fieldStyles } from "./field";

/**
 * A labelled text input with an optional hint and error, wired for screen readers (`aria-describedby`,
 * `aria-invalid`). The rest of the input's attributes (type, autocomplete, inputMode...) pass through.
 */
export function TextField({
  label,
  hint,
  error,
  inputRef,
  className,
  ...input
}: {
  label: string;
  hint?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-invalid" | "aria-describedby">) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(wiring) => <input ref={inputRef} className={`${fieldStyles.control} ${fieldStyles.text} ${className ?? ""}`} {...wiring} {...input} />}
    </Field>
  );
}
