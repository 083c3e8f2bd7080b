"use client";

import type { FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { StatusMessage } from "@/components/ui/live-messages";
import { Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { EMAIL_MAX_LENGTH } from "@/lib/accounts/schemas";
import { contactCodeBodySchema } from "@/lib/contacts/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { startEmailChangeBodySchema } from "@/lib/users/schemas";
import { failedMessage, fieldRefusal, waitMessage } from "../api-messages";
import { CodeForm, codeRefusalMessage, useCodeSent } from "../code-form";
import { useProfile, useStartEmailChange, useVerifyMyNewEmail } from "./profile-queries";

const EMAIL_INPUT = { name: "email", type: "email", inputMode: "email", autoComplete: "email", spellCheck: false, maxLength: EMAIL_MAX_LENGTH } as const;

/**
 * The address the member signs in with and gets the church's messages at. A new one is used only once the
 * code sent to it is typed back; the old address is told when it changes.
 */
export function EmailSection() {
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
      email.reject(parsed.error.issues[0]?.message ?? "");
      return;
    }
    email.accept();
    code.asking();
    verify.reset();
    start.mutate(parsed.data.email, {
      onSuccess: () => code.sent(parsed.data.email, `We sent a 6-digit code to ${parsed.data.email}. Your address changes once you type it below.`),
      onError: email.focus,
    });
  }

  const startRefusal = start.error ? (fieldRefusal(start.error, "email") ?? waitMessage(start.error) ?? failedMessage("send a code to that address", start.error)) : "";
  const verifyRefusal = verify.error
    ? verify.error instanceof PortalApiError && verify.error.status === 409
      ? "Another account now uses that address, so yours was not changed."
      : codeRefusalMessage(verify.error)
    : code.wrongCodes > 0
      ? "That code didn’t work. Check the email and try again."
      : "";

  return (
    <Section id="email-title" title="Email address" description="You sign in with it, and the church’s messages about your account go there.">
      <QueryStates query={profile} what="your email address">
        {({ email: current, email_verified }) =>
          current ? (
            <p>
              <strong>{current}</strong> {email_verified ? <span className="badge">Verified</span> : <span className="badge badge--muted">Not verified</span>}
            </p>
          ) : (
            <p className="muted">Your account has no email address.</p>
          )
        }
      </QueryStates>
      <StatusMessage message={code.announcement} />
      <Form onSubmit={sendCode} tone="plain" submitLabel={code.sentTo ? "Send a new code" : "Send a code"} pendingLabel="Sending…" pending={start.isPending}>
        <TextField label="New email address" hint="We send a code there to make sure it is yours." {...email.field(startRefusal)} />
      </Form>
      {code.sentTo ? (
        <Panel>
          <CodeForm
            schema={contactCodeBodySchema}
            label={`Code sent to ${code.sentTo}`}
            hint="It is valid for 10 minutes."
            submitLabel="Change my email address"
            action={verify}
            refusal={verifyRefusal}
            onSubmit={(typed) =>
              verify.mutate(typed, {
                onSuccess: (result) => {
                  if (!result.verified) return code.wrongCode();
                  email.clear();
                  code.confirmed(`Done. You now sign in with ${result.email}.`);
                },
              })
            }
          />
        </Panel>
      ) : null}
    </Section>
  );
}
