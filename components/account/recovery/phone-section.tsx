"use client";

import type { FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { contactCodeBodySchema, startPhoneVerificationBodySchema } from "@/lib/contacts/schemas";
import { asSentence, failedMessage, waitMessage } from "../api-messages";
import { CodeForm, codeRefusalMessage, useCodeSent } from "../code-form";
import { useProfile } from "../profile/profile-queries";
import { useStartPhoneVerification, useVerifyPhone } from "./recovery-queries";
import styles from "./recovery.module.css";
import { StatusMessage } from "@/components/ui/live-messages";

const PHONE_INPUT = { name: "phone", type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 40 } as const;

/**
 * The member's own mobile number: the one apps see in the `phone` scope (`phone_number`,
 * `phone_number_verified`). Changing it sends a code by SMS; it counts as verified once the code is typed
 * back.
 */
export function PhoneSection() {
  const profile = useProfile();
  const start = useStartPhoneVerification();
  const verify = useVerifyPhone();
  const phone = useTextInput(PHONE_INPUT);
  const code = useCodeSent();

  function sendCode(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    const parsed = startPhoneVerificationBodySchema.safeParse({ phone: phone.value });
    if (!parsed.success) {
      phone.reject(asSentence(`The number ${parsed.error.issues[0]?.message ?? "is not valid"}`));
      return;
    }
    phone.accept();
    code.asking();
    verify.reset();
    start.mutate(parsed.data.phone, {
      onSuccess: () => code.sent(parsed.data.phone, `We sent a 6-digit code by text message to ${parsed.data.phone}.`),
      onError: phone.focus,
    });
  }

  const startRefusal = start.error ? (waitMessage(start.error) ?? failedMessage("send a code to that number", start.error)) : "";
  const verifyRefusal = verify.error
    ? codeRefusalMessage(verify.error)
    : code.wrongCodes > 0
      ? "That code didn’t work. Check the text message and try again."
      : "";

  return (
    <Section id="phone-title" title="Mobile number" description="Apps you allow to see your phone number get this one, and whether it is verified.">
      <QueryStates query={profile} what="your phone number">
        {({ phone_number, phone_number_verified }) =>
          phone_number ? (
            <p>
              <span className={styles.value}>{phone_number}</span>{" "}
              {phone_number_verified ? <span className="badge">Verified</span> : <span className="badge badge--muted">Not verified</span>}
            </p>
          ) : (
            <p className="muted">You have not given a mobile number.</p>
          )
        }
      </QueryStates>
      <StatusMessage message={code.announcement} />
      <Form onSubmit={sendCode} tone="plain" submitLabel={code.sentTo ? "Send a new code" : "Send a code"} pendingLabel="Sending…" pending={start.isPending}>
        <TextField
          label={profile.data?.phone_number ? "New mobile number" : "Mobile number"}
          hint="Start with + and the country code, like +44 7911 123456."
          {...phone.field(startRefusal)}
        />
      </Form>
      {code.sentTo ? (
        <Panel>
          <CodeForm
            schema={contactCodeBodySchema}
            label={`Code sent to ${code.sentTo}`}
            hint="It is valid for 10 minutes."
            submitLabel="Verify number"
            action={verify}
            refusal={verifyRefusal}
            onSubmit={(typed) =>
              verify.mutate(typed, {
                onSuccess: ({ verified }) => {
                  if (!verified) return code.wrongCode();
                  phone.clear();
                  code.confirmed(`${code.sentTo} is verified.`);
                },
              })
            }
          />
        </Panel>
      ) : null}
    </Section>
  );
}
