"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { StatusMessage } from "@/components/ui/live-messages";
import { Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { EMAIL_MAX_LENGTH } from "@/lib/accounts/schemas";
import { contactCodeBodySchema } from "@/lib/contacts/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { startEmailChangeBodySchema } from "@/lib/users/schemas";
import { useApiMessages } from "../api-messages";
import { CodeForm, useCodeRefusal, useCodeSent } from "../code-form";
import { useProfile, useStartEmailChange, useVerifyMyNewEmail } from "./profile-queries";

const EMAIL_INPUT = { name: "email", type: "email", inputMode: "email", autoComplete: "email", spellCheck: false, maxLength: EMAIL_MAX_LENGTH } as const;

/**
 * The address the member signs in with and gets the church's messages at. A new one is used only once the
 * code sent to it is typed back; the old address is told when it changes.
 */
export function EmailSection() {
  const t = useTranslations("AccountProfile");
  const account = useTranslations("Account");
  // The schema's sentence is FIELD_MESSAGES.email, which the "FieldMessages" namespace says in every language.
  const fields = useTranslations("FieldMessages");
  const api = useApiMessages();
  const codeRefusal = useCodeRefusal();
  const profile = useProfile();
  const start = useStartEmailChange();
  const verify = useVerifyMyNewEmail();
  const email = useTextInput(EMAIL_INPUT);
  const code = useCodeSent();

  function sendCode(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    const parsed = startEmailChangeBodySchema.safeParse({ email: email.value });
    if (!parsed.success) {
      email.reject(fields("email"));
      return;
    }
    email.accept();
    code.asking();
    verify.reset();
    start.mutate(parsed.data.email, {
      onSuccess: () => code.sent(parsed.data.email, t("email.codeSent", { email: parsed.data.email })),
      onError: email.focus,
    });
  }

  const startRefusal = start.error ? (api.fieldRefusal(start.error, "email") ?? api.wait(start.error) ?? api.failed(t("email.sendFailed"), start.error)) : "";
  const verifyRefusal = verify.error
    ? verify.error instanceof PortalApiError && verify.error.status === 409
      ? t("email.takenByAnother")
      : codeRefusal(verify.error)
    : code.wrongCodes > 0
      ? t("email.wrongCode")
      : "";

  return (
    <Section id="email-title" title={t("email.title")} description={t("email.description")}>
      <QueryStates query={profile} loading={t("email.loading")} failure={t("email.loadFailed")}>
        {({ email: current, email_verified }) =>
          current ? (
            <p>
              <strong>{current}</strong> {email_verified ? <span className="badge">{t("email.verified")}</span> : <span className="badge badge--muted">{t("email.notVerified")}</span>}
            </p>
          ) : (
            <p className="muted">{t("email.none")}</p>
          )
        }
      </QueryStates>
      <StatusMessage message={code.announcement} />
      <Form onSubmit={sendCode} tone="plain" submitLabel={code.sentTo ? t("email.sendNewCode") : t("email.sendCode")} pendingLabel={t("email.sending")} pending={start.isPending}>
        <TextField label={t("email.newEmail")} hint={t("email.newEmailHint")} {...email.field(startRefusal)} />
      </Form>
      {code.sentTo ? (
        <Panel>
          <CodeForm
            schema={contactCodeBodySchema}
            label={t("email.codeLabel", { email: code.sentTo })}
            hint={account("code.validTenMinutes")}
            submitLabel={t("email.change")}
            action={verify}
            refusal={verifyRefusal}
            onSubmit={(typed) =>
              verify.mutate(typed, {
                onSuccess: (result) => {
                  if (!result.verified) return code.wrongCode();
                  email.clear();
                  code.confirmed(t("email.changed", { email: result.email }));
                },
              })
            }
          />
        </Panel>
      ) : null}
    </Section>
  );
}
