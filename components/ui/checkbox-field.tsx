"use client";

import { useId, type InputHTMLAttributes } from "react";
import styles from "./field.module.css";

/**
 * A checkbox with its label beside it and an optional hint under both, wired for screen readers
 * (`aria-describedby`). The whole label is the target, so it is easy to hit on a phone.
 */
export function CheckboxField({ label, hint, ...input }: { label: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "aria-describedby">) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.checkbox}>
      <input id={id} type="checkbox" aria-describedby={hint ? hintId : undefined} {...input} />
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={`${styles.hint} ${styles.checkboxHint}`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
