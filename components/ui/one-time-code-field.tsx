"use client";

import { useId, type Ref } from "react";

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
  className,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  accept?: "digits" | "digits-or-recovery-code";
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const digitsOnly = accept === "digits";
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        name="code"
        type="text"
        className="field__control field__control--code"
        inputMode={digitsOnly ? "numeric" : "text"}
        autoComplete="one-time-code"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={digitsOnly ? undefined : 32}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(digitsOnly ? event.target.value.replace(/\D/g, "").slice(0, 6) : event.target.value.slice(0, 32))}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
