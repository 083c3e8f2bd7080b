"use client";

import type { FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { formatPhoneNumber, parsePhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import { contactCodeBodySchema } from "@/lib/contacts/schemas";
import { failedMessage, waitMessage } from "../api-messages";
import { CodeForm, codeRefusalMessage, useCodeSent } from "../code-form";
import { phoneNumberHint, unreadablePhoneNumber } from "../phone-words";
import { useProfile } from "../profile/profile-queries";
import { usePhoneVerification, useStartPhoneVerification, useVerifyPhone } from "./recovery-queries";
import styles from "./recovery.module.css";
import { StatusMessage } from "@/components/ui/live-messages";

const PHONE_INPUT = { name: "phone", type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 40 } as const;

/** "3:04 PM": when a code sent before the page was loaded stops working. */
const TIME = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });

/**
 * The member's own mobile number: the one apps see in the `phone` scope (`phone_number`,
 * `phone_number_verified`) and the one the check-in kiosk finds their household by. Typed as people write
 * it in the church's `country` (or with + and a country code) and sent to the API in E.164; shown back as
 * written there. Changing it sends a code by SMS; it counts as verified once the code is typed back. A code
 * still waiting when the page is loaded (sent before a reload) is asked for again.
 */
export function PhoneSection({ country }: { country: PhoneCountry }) {
  const profile = useProfile();
  const waiting = usePhoneVerification().data?.pending ?? null;
  const start = useStartPhoneVerification();
  const verify = useVerifyPhone();
  const phone = useTextInput(PHONE_INPUT);
  const code = useCodeSent(waiting?.phone_number ?? null);

  function sendCode(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    const parsed = parsePhoneNumber(phone.value, country);
    if (!parsed) {
      phone.reject(unreadablePhoneNumber(country));
      return;
    }
    phone.accept();
    code.asking();
    verify.reset();
    start.mutate(parsed.e164, {
      onSuccess: () => code.sent(parsed.display, `We sent a 6-digit code by text message to ${parsed.display}.`),
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
    <Section
      id="phone-title"
      title="Mobile number"
      description="Once verified, it finds your household at the check-in kiosk (by a code texted to it), and apps you allow to see your phone number get it. To reset a forgotten password by text, add it as a recovery contact too."
    >
      <QueryStates query={profile} what="your phone number">
        {({ phone_number, phone_number_verified }) =>
          phone_number ? (
            <p>
              <span className={styles.value}>{formatPhoneNumber(phone_number, country)}</span>{" "}
              {phone_number_verified ? <span className="badge">Verified</span> : <span className="badge badge--muted">Not verified</span>}
            </p>
          ) : (
            <p className="muted">You have not given a mobile number.</p>
          )
        }
      </QueryStates>
      <StatusMessage message={code.announcement} />
      <Form onSubmit={sendCode} tone="plain" submitLabel={code.sentTo ? "Send a new code" : "Send a code"} pendingLabel="Sending…" pending={start.isPending}>
        <TextField label={profile.data?.phone_number ? "New mobile number" : "Mobile number"} hint={phoneNumberHint(country)} {...phone.field(startRefusal)} />
      </Form>
      {code.sentTo ? (
        <Panel>
          <CodeForm
            key={code.sentTo}
            schema={contactCodeBodySchema}
            label={`Code sent to ${code.sentTo}`}
            hint={code.resumed && waiting ? `It is valid until ${TIME.format(new Date(waiting.expires_at))}.` : "It is valid for 10 minutes."}
            submitLabel="Verify number"
            action={verify}
            refusal={verifyRefusal}
            focusOnOpen={!code.resumed}
            onSubmit={(typed) =>
              verify.mutate(typed, {
                onSuccess: ({ verified }) => {
                  if (!verified) return code.wrongCode();
                  phone.clear();
                  // Sent before a reload, the number is known here only masked.
                  code.confirmed(code.resumed ? "Your mobile number is verified." : `${code.sentTo} is verified.`);
                },
              })
            }
          />
        </Panel>
      ) : null}
    </Section>
  );
}
