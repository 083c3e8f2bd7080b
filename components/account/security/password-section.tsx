"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { PasswordStrengthMeter } from "@/components/passwords/password-strength-meter";
import { Field, fieldStyles } from "@/components/ui/field";
import { Form, useTextInput } from "@/components/ui/form";
import { Section } from "@/components/ui/section";
import { newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/accounts/schemas";
import { useApiMessages } from "../api-messages";
import { useChangeMyPassword, useProfile } from "../profile/profile-queries";

/**
 * Choosing a new password (or a first one, for a member who signs in with a passkey or another account),
 * with the same strength meter as registration. The server asks for a recent sign-in first ("Confirm it's
 * you"); afterwards every other device is signed out, and the page says how many.
 */
export function PasswordSection() {
  const t = useTranslations("AccountSecurity");
  const fields = useTranslations("FieldMessages");
  const api = useApiMessages();
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
      // The schema's sentence (FIELD_MESSAGES.new_password), in the page's language.
      password.reject(fields("new_password", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
      return;
    }
    password.accept();
    change.mutate(parsed.data, {
      onSuccess: ({ other_sessions_ended: ended }) => {
        password.clear();
        setStatus(t("password.changed", { ended }));
      },
      onError: password.focus,
    });
  }

  const refusal = change.error ? (api.fieldRefusal(change.error, "new_password") ?? api.wait(change.error) ?? api.failed(t("password.failed"), change.error)) : "";
  const { inputRef, error, ...input } = password.field(refusal);
  return (
    <Section
      id="password-title"
      title={t("password.title")}
      description={t("password.description", { min: PASSWORD_MIN_LENGTH })}
      status={status}
    >
      <Form onSubmit={save} submitLabel={t("password.submit")} pendingLabel={t("password.saving")} pending={change.isPending}>
        <Field label={t("password.label")} error={error}>
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
