"use client";

import type { Ref } from "react";
import { fieldStyles } from "./field";
import { TextField } from "./text-field";

/**
 * A field for a one-time code: from an authenticator app, an SMS or an email. It takes typing, paste
 * ("123 456" or "123-456" from a message) and the browser's or phone's autofill
 * (`autocomplete="one-time-code"`). With `accept="digits"` it keeps only the six digits; with
 * `accept="digits-or-recovery-code"` it also takes a recovery code as typed.
 */
export function OneTimeCodeField({
  label,
  hint,
  value,
  onChange,
  error,
  accept = "digits",
  inputRef,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  accept?: "digits" | "digits-or-recovery-code";
  inputRef?: Ref<HTMLInputElement>;
}) {
  const digitsOnly = accept === "digits";
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      inputRef={inputRef}
      className={fieldStyles.code}
      name="code"
      type="text"
      inputMode={digitsOnly ? "numeric" : "text"}
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={digitsOnly ? undefined : 32}
      value={value}
      onChange={(event) => onChange(digitsOnly ? event.target.value.replace(/\D/g, "").slice(0, 6) : event.target.value.slice(0, 32))}
    />
  );
}
