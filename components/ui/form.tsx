"use client";

import { useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import styles from "./form.module.css";
import { Actions } from "./section";

/** The look of a form for one that lays out its own buttons (the staff event form). */
export const formClass = styles.form;

const SUBMIT_TONES = { primary: "button button--primary", plain: "button", danger: "button button--danger" } as const;

/**
 * A form checked in the browser first (`noValidate`: the page says what is wrong, in its own words): its
 * fields, then its submit button, which says it is working while `pending` (and ignores presses then), and
 * any other buttons after it.
 */
export function Form({
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  tone = "primary",
  actions,
  role,
  label,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  tone?: keyof typeof SUBMIT_TONES;
  /** Buttons after the submit button: Cancel. */
  actions?: ReactNode;
  role?: "search";
  label?: string;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate role={role} aria-label={label}>
      {children}
      <Actions>
        <button type="submit" className={SUBMIT_TONES[tone]} aria-disabled={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {actions}
      </Actions>
    </form>
  );
}

/** What an input is, whatever is typed in it: its name, type, and the keyboard and autofill it wants. */
export type TextInputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id" | "aria-invalid" | "aria-describedby">;

/**
 * One checked text field, the way react-hook-form's `register` does it: what is typed, what is wrong with
 * it, and its input, so a refusal can take the member back there. Spread `field(refusal)` on the TextField:
 * the input's attributes, its value, and its error (the page's own complaint first, else the API's
 * refusal); typing clears the complaint.
 */
export function useTextInput(attributes: TextInputAttributes, initialValue = "") {
  const [value, setValue] = useState(initialValue);
  const [invalid, setInvalid] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const focus = () => inputRef.current?.focus();
  return {
    value,
    focus,
    /** Says what is wrong under the field, and takes the member there. */
    reject(message: string) {
      setInvalid(message);
      focus();
    },
    accept: () => setInvalid(""),
    clear: () => setValue(""),
    field: (refusal = "") => ({
      ...attributes,
      value,
      inputRef,
      error: invalid || refusal || undefined,
      onChange(event: ChangeEvent<HTMLInputElement>) {
        setValue(event.target.value);
        if (invalid) setInvalid("");
      },
    }),
  };
}
