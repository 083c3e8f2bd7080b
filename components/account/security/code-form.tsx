"use client";

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { OneTimeCodeField } from "@/components/ui/one-time-code-field";
import { PortalApiError } from "@/lib/portal-api/client";
import { asSentence, failedMessage, waitMessage } from "../api-messages";
import styles from "./security.module.css";

/** Why the API refused a code, said to the member under the field. */
export function codeRefusalMessage(error: Error): string {
  const wait = waitMessage(error);
  if (wait) return wait;
  if (error instanceof PortalApiError && error.code === "invalid_request") return "That code didn’t work. Check it and try again.";
  return failedMessage("check that code", error);
}

/**
 * Asks for a code before a change to the second factor. The code is checked in the browser with the
 * route's own zod schema first, so a typo is explained at once; what the API refuses comes back as
 * `refusal`. Focus goes to the field when the form opens and again after each refusal.
 */
export function CodeForm({
  schema,
  label,
  hint,
  accept = "digits",
  submitLabel,
  busyLabel,
  danger = false,
  busy,
  refusal,
  onSubmit,
  onCancel,
  children,
}: {
  schema: z.ZodType<{ code: string }>;
  label: string;
  hint?: string;
  accept?: "digits" | "digits-or-recovery-code";
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  busy: boolean;
  refusal: string;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState("");
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, [refusal]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = schema.safeParse({ code: code.trim() });
    if (!parsed.success) {
      setInvalid(asSentence(`The code ${parsed.error.issues[0]?.message ?? "is not valid"}`));
      input.current?.focus();
      return;
    }
    setInvalid("");
    onSubmit(parsed.data.code);
  }

  return (
    <form className={styles.codeForm} onSubmit={submit} noValidate>
      {children}
      <OneTimeCodeField
        label={label}
        hint={hint}
        accept={accept}
        value={code}
        onChange={(value) => {
          setCode(value);
          if (invalid) setInvalid("");
        }}
        error={invalid || refusal || undefined}
        inputRef={input}
      />
      <div className={styles.actions}>
        <button type="submit" className={`button ${danger ? "button--danger" : "button--primary"}`} aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
