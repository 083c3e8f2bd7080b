"use client";

import { useId, useState, type FormEvent } from "react";
import { PasswordStrengthMeter } from "@/components/passwords/password-strength-meter";
import { Field, fieldStyles } from "@/components/ui/field";
import { Form, useTextInput } from "@/components/ui/form";
import { Section } from "@/components/ui/section";
import { newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/accounts/schemas";
import { failedMessage, fieldRefusal, waitMessage } from "../api-messages";
import { useChangeMyPassword, useProfile } from "../profile/profile-queries";

/**
 * Choosing a new password (or a first one, for a member who signs in with a passkey or another account),
 * with the same strength meter as registration. The server asks for a recent sign-in first ("Confirm it's
 * you"); afterwards every other device is signed out, and the page says how many.
 */
export function PasswordSection() {
  const profile = useProfile();
  const change = useChangeMyPassword();
  const password = useTextInput({ name: "new_password", type: "password", autoComplete: "new-password", maxLength: PASSWORD_MAX_LENGTH });
  const meterId = useId();
  const [status, setStatus] = useState("");

  function save(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    setStatus("");
    const parsed = newPasswordSchema.safeParse(password.value);
    if (!parsed.success) {
      password.reject(parsed.error.issues[0]?.message ?? "");
      return;
    }
    password.accept();
    change.mutate(parsed.data, {
      onSuccess: ({ other_sessions_ended: ended }) => {
        password.clear();
        setStatus(`Your password is changed.${ended > 0 ? ` ${ended === 1 ? "One other device was" : `${ended} other devices were`} signed out.` : ""}`);
      },
      onError: password.focus,
    });
  }

  const refusal = change.error ? (fieldRefusal(change.error, "new_password") ?? waitMessage(change.error) ?? failedMessage("change your password", change.error)) : "";
  const { inputRef, error, ...input } = password.field(refusal);
  return (
    <Section
      id="password-title"
      title="Password"
      description={`Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters. If you sign in with a passkey or another account, this adds a password. Your other devices will be signed out.`}
      status={status}
    >
      <Form onSubmit={save} submitLabel="Save new password" pendingLabel="Saving…" pending={change.isPending}>
        <Field label="New password" error={error}>
          {(wiring) => (
            <>
              <input
                ref={inputRef}
                className={`${fieldStyles.control} ${fieldStyles.text}`}
                {...wiring}
                aria-describedby={[wiring["aria-describedby"], meterId].filter(Boolean).join(" ")}
                {...input}
              />
              <PasswordStrengthMeter
                id={meterId}
                password={password.value}
                owner={{ email: profile.data?.email, givenName: profile.data?.given_name, familyName: profile.data?.family_name }}
              />
            </>
          )}
        </Field>
      </Form>
    </Section>
  );
}
