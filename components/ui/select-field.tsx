"use client";

import type { ReactNode, SelectHTMLAttributes } from "react";
import { Field, fieldStyles } from "./field";

/** A labelled select with an optional hint and error, wired like TextField; its options are the children. */
export function SelectField({
  label,
  hint,
  error,
  children,
  ...select
}: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "aria-invalid" | "aria-describedby" | "className">) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(wiring) => (
        <select className={`${fieldStyles.control} ${fieldStyles.select}`} {...wiring} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
