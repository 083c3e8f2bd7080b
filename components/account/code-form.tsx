"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { Form } from "@/components/ui/form";
import { OneTimeCodeField } from "@/components/ui/one-time-code-field";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "./api-messages";

/** Why the API refused a code, said to the member under the field: `const codeRefusal = useCodeRefusal(); codeRefusal(error)`. */
export function useCodeRefusal(): (error: Error) => string {
  const t = useTranslations("Account");
  const api = useApiMessages();
  return (error) => {
    const wait = api.wait(error);
    if (wait) return wait;
    if (error instanceof PortalApiError && error.code === "invalid_request") return t("code.didntWork");
    return api.failed(t("code.checkFailed"), error);
  };
}

/**
 * Asks for a one-time code: to prove a change to the second factor, or to verify a contact or phone. The code is checked in the browser with the
 * route's own zod schema first, so a typo is explained at once; what the API refuses (the `action`'s error,
 * or `refusal` where the page words it itself) is said under the field. While the action is pending the
 * button says `busyLabel`. Focus goes to the field when the form opens and again after each refusal. Its own
 * words are the "Account" namespace's.
 */
export function CodeForm({
  schema,
  label,
  hint,
  accept = "digits",
  submitLabel,
  busyLabel,
  danger = false,
  action,
  refusal: givenRefusal,
  onSubmit,
  onCancel,
  focusOnOpen = true,
  children,
}: {
  schema: z.ZodType<{ code: string }>;
  label: string;
  hint?: string;
  accept?: "digits" | "digits-or-recovery-code";
  submitLabel: string;
  busyLabel?: string;
  danger?: boolean;
  /** The mutation the code is for: whether it is pending, and why it failed. */
  action: { isPending: boolean; error: Error | null };
  refusal?: string;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  /** False where the form is part of a list on load (a contact waiting for its code), not opened by a click. */
  focusOnOpen?: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations("Account");
  const codeRefusal = useCodeRefusal();
  const refusal = givenRefusal ?? (action.error ? codeRefusal(action.error) : "");
  const busy = action.isPending;
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState("");
  const input = useRef<HTMLInputElement>(null);

  const opened = useRef(false);

  useEffect(() => {
    const first = !opened.current;
    opened.current = true;
    if (first && !focusOnOpen) return;
    input.current?.focus();
  }, [refusal, focusOnOpen]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = schema.safeParse({ code: code.trim() });
    if (!parsed.success) {
      // The schemas' own words are English ("must be exactly 6 digits"): the sentence is the page's, by what the field takes.
      setInvalid(t("code.notValid", { accept }));
      input.current?.focus();
      return;
    }
    setInvalid("");
    onSubmit(parsed.data.code);
  }

  return (
    <Form
      onSubmit={submit}
      submitLabel={submitLabel}
      pendingLabel={busyLabel ?? t("code.checking")}
      pending={busy}
      tone={danger ? "danger" : "primary"}
      actions={
        onCancel ? (
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {t("code.cancel")}
          </button>
        ) : null
      }
    >
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
    </Form>
  );
}

/**
 * The state around a code sent to a new address or number (a sign-in email, a mobile number): where the
 * code went (its form shows while set), what to announce, and how many wrong codes were typed since it was
 * sent. Asking again starts afresh; the right code closes the form and says so. `waiting` is where the
 * server says a code is still waiting (sent before the page was loaded): the form shows for it, without
 * taking focus (`resumed`), until a code is sent from this page or the right code is typed.
 */
export function useCodeSent(waiting: string | null = null) {
  const [sentHere, setSentHere] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [wrongCodes, setWrongCodes] = useState(0);
  const sentTo = sentHere ?? (closed ? null : waiting);
  return {
    sentTo,
    /** The code was sent before this page was loaded. */
    resumed: sentHere === null && sentTo !== null,
    announcement,
    wrongCodes,
    asking() {
      setAnnouncement("");
      setWrongCodes(0);
    },
    sent(to: string, message: string) {
      setSentHere(to);
      setAnnouncement(message);
    },
    wrongCode: () => setWrongCodes((count) => count + 1),
    confirmed(message: string) {
      setSentHere(null);
      setClosed(true);
      setWrongCodes(0);
      setAnnouncement(message);
    },
  };
}
