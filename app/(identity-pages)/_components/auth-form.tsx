"use client";

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { PasswordStrengthMeter } from "@/components/passwords/password-strength-meter";
import type { PasswordStrengthMessages } from "@/components/passwords/password-strength-words";
import { ACCOUNT_ERRORS, isAccountErrorCode } from "@/lib/accounts/errors";

/**
 * A sign-in or account form that works without JavaScript (a plain POST to /auth/<step>, which answers
 * with a 303) and, with JavaScript, submits by fetch with `Accept: application/json`: errors then appear
 * in place, the typed values stay, and focus moves to the field at fault (or to the message).
 * Only serialisable props: the page (a server component) describes the fields.
 */
export interface AuthField {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  inputMode?: "numeric" | "email" | "text";
  defaultValue?: string;
  hint?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** A link beside the label, e.g. "Forgot your password?". */
  aside?: { href: string; text: string };
  autoCapitalize?: "none" | "words" | "characters";
  spellCheck?: boolean;
  /** A new password: show how strong it is, and why, as it is typed (the form's email and names are its owner's). */
  strengthMeter?: boolean;
}

export interface AuthFormError {
  message: string;
  field?: string;
}

export interface AuthFormProps {
  action: string;
  submitLabel: string;
  fields: AuthField[];
  /** Hidden fields: csrf_token, request, … */
  hidden: Record<string, string | undefined>;
  /** The error of the previous no-JS round trip (from `?error=`). */
  initialError?: AuthFormError | null;
  /**
   * A second way to submit the same form to another step, e.g. "Email me a code" on the sign-in form: its
   * button posts to `action` without the browser's checks of the fields (the step needs fewer of them), and
   * never sends the password fields.
   */
  secondary?: { action: string; label: string };
  /** Shown under the button. */
  children?: ReactNode;
  /** The form's own sentences in the page's language (authFormWords() in ./fields). */
  words: AuthFormWords;
}

/** What the form says by itself, when the server could not be reached or answered without a sentence. */
export interface AuthFormWords {
  networkError: string;
  failed: string;
  /** The strength meter's words, for a form that chooses a new password (newPasswordFormWords() in ./fields). */
  passwordStrength?: PasswordStrengthMessages;
}

/** `{ error_description: "email: Enter …" }` → the field and the sentence, when it names one of ours. */
function errorFromBody(body: unknown, fieldNames: string[], failed: string): AuthFormError {
  const description = (body as { error_description?: unknown } | null)?.error_description;
  if (typeof description !== "string") return { message: failed };
  const match = /^([a-z_]+): (.+)$/s.exec(description);
  if (match && fieldNames.includes(match[1]!)) return { field: match[1], message: match[2]! };
  const code = (body as { error?: unknown }).error;
  const field = isAccountErrorCode(code) ? ACCOUNT_ERRORS[code].field : undefined;
  return { message: description, field: field && fieldNames.includes(field) ? field : undefined };
}

/** What the strength meter needs from the form: the password and its owner's words. */
function typedValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ["password", "email", "given_name", "family_name"]) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement) values[name] = control.value;
  }
  return values;
}

/** The page's own language (`<html lang>`): the handler answers its errors in it (lib/http/forms.ts). */
export function pageLanguage(): string {
  return document.documentElement.lang || "en";
}

export function AuthForm({ action, submitLabel, fields, hidden, initialError = null, secondary, children, words }: AuthFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<AuthFormError | null>(initialError);
  const [errorVersion, setErrorVersion] = useState(initialError ? 1 : 0);
  const [pending, setPending] = useState(false);
  const fieldNames = fields.map((field) => field.name);
  const hasMeter = fields.some((field) => field.strengthMeter);
  const [typed, setTyped] = useState<Record<string, string>>({});

  // Move focus to what needs fixing each time an error appears (including one rendered by the server).
  useEffect(() => {
    if (errorVersion === 0) return;
    const control = error?.field ? formRef.current?.elements.namedItem(error.field) : null;
    if (control instanceof HTMLInputElement) control.focus();
    else errorRef.current?.focus();
  }, [errorVersion, error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const target = submitter?.getAttribute("formaction") ?? action;
    const passwords = new Set(fields.filter((field) => field.type === "password").map((field) => field.name));
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form, submitter)) {
      if (typeof value !== "string" || (target !== action && passwords.has(name))) continue;
      body.append(name, value);
    }
    setPending(true);
    try {
      const response = await fetch(target, { method: "POST", body, headers: { Accept: "application/json", "Accept-Language": pageLanguage() }, credentials: "same-origin" });
      const data: unknown = await response.json().catch(() => null);
      const redirectTo = (data as { redirect_to?: unknown } | null)?.redirect_to;
      if (response.ok && typeof redirectTo === "string") {
        // A full navigation: the next step may be the authorization endpoint, which redirects off-site.
        window.location.assign(redirectTo);
        return;
      }
      setError(errorFromBody(data, fieldNames, words.failed));
    } catch {
      setError({ message: words.networkError });
    }
    setErrorVersion((version) => version + 1);
    setPending(false);
  }

  return (
    <form
      ref={formRef}
      className="auth-form"
      method="post"
      action={action}
      onSubmit={onSubmit}
      onChange={
        hasMeter
          ? (event) => {
              setTyped(typedValues(event.currentTarget));
              // The meter now speaks for the new password: a refusal of the old one would contradict it.
              const changed = event.nativeEvent.target;
              const name = changed instanceof HTMLInputElement ? changed.name : null;
              if (error?.field && name === error.field && fields.some((field) => field.name === name && field.strengthMeter)) setError(null);
            }
          : undefined
      }
      noValidate={false}
    >
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div id={errorId} ref={errorRef} tabIndex={-1} role="alert" className={error ? "notice notice--error auth-error" : "auth-error--empty"}>
        {error ? <p>{error.message}</p> : null}
      </div>
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const hintId = field.hint ? `${inputId}-hint` : undefined;
        const invalid = error?.field === field.name;
        const meterId = field.strengthMeter ? `${inputId}-meter` : undefined;
        const describedBy = [hintId, meterId, invalid ? errorId : undefined].filter(Boolean).join(" ") || undefined;
        return (
          <div key={field.name} className="auth-field">
            <div className="auth-field__label-row">
              <label htmlFor={inputId} className="auth-field__label">
                {field.label}
              </label>
              {field.aside ? (
                <a href={field.aside.href} className="auth-field__aside">
                  {field.aside.text}
                </a>
              ) : null}
            </div>
            {field.hint ? (
              <p id={hintId} className="auth-field__hint">
                {field.hint}
              </p>
            ) : null}
            <input
              id={inputId}
              className="auth-input"
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              defaultValue={field.defaultValue}
              required={field.required ?? true}
              minLength={field.minLength}
              maxLength={field.maxLength}
              pattern={field.pattern}
              autoCapitalize={field.autoCapitalize}
              spellCheck={field.spellCheck}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
            {meterId ? (
              <PasswordStrengthMeter
                id={meterId}
                password={typed[field.name] ?? ""}
                owner={{ email: typed.email, givenName: typed.given_name, familyName: typed.family_name }}
                messages={words.passwordStrength}
              />
            ) : null}
          </div>
        );
      })}
      <button type="submit" className="button button--primary button--block button--large" aria-disabled={pending || undefined}>
        {submitLabel}
      </button>
      {secondary ? (
        <button type="submit" formAction={secondary.action} formNoValidate className="button button--block auth-form__secondary" aria-disabled={pending || undefined}>
          {secondary.label}
        </button>
      ) : null}
      {children}
    </form>
  );
}
