"use client";

import { useId, type InputHTMLAttributes, type Ref } from "react";

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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
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
        className={`field__control field__control--text ${className ?? ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
