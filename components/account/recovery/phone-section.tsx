"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, type FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { formatPhoneNumber, parsePhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import { contactCodeBodySchema } from "@/lib/contacts/schemas";
import { useApiMessages } from "../api-messages";
import { CodeForm, useCodeRefusal, useCodeSent } from "../code-form";
import { phoneNumberHint, unreadablePhoneNumber } from "../phone-words";
import { useProfile } from "../profile/profile-queries";
import { usePhoneVerification, useStartPhoneVerification, useVerifyPhone } from "./recovery-queries";
import styles from "./recovery.module.css";
import { StatusMessage } from "@/components/ui/live-messages";

const PHONE_INPUT = { name: "phone", type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 40 } as const;

/**
 * The member's own mobile number: the one apps see in the `phone` scope (`phone_number`,
 * `phone_number_verified`) and the one the check-in kiosk finds their household by. Typed as people write
 * it in the church's `country` (or with + and a country code) and sent to the API in E.164; shown back as
 * written there. Changing it sends a code by SMS; it counts as verified once the code is typed back. A code
 * still waiting when the page is loaded (sent before a reload) is asked for again.
 */
export function PhoneSection({ country }: { country: PhoneCountry }) {
  const t = useTranslations("AccountRecovery");
  const account = useTranslations("Account");
  const api = useApiMessages();
  const codeRefusal = useCodeRefusal();
  const locale = useLocale();
  /** "3:04 PM": when a code sent before the page was loaded stops working, in the browser's time zone. */
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { timeStyle: "short" }), [locale]);
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
      phone.reject(unreadablePhoneNumber(account, country));
      return;
    }
    phone.accept();
    code.asking();
    verify.reset();
    start.mutate(parsed.e164, {
      onSuccess: () => code.sent(parsed.display, t("phone.codeSent", { phone: parsed.display })),
      onError: phone.focus,
    });
  }

  const startRefusal = start.error ? (api.wait(start.error) ?? api.failed(t("phone.sendFailed"), start.error)) : "";
  const verifyRefusal = verify.error
    ? codeRefusal(verify.error)
    : code.wrongCodes > 0
      ? t("phone.wrongCode")
      : "";

  return (
    <Section
      id="phone-title"
      title={t("phone.title")}
      description={t("phone.description")}
    >
      <QueryStates query={profile} loading={t("phone.loading")} failure={t("phone.loadFailed")}>
        {({ phone_number, phone_number_verified }) =>
          phone_number ? (
            <p>
              <span className={styles.value}>{formatPhoneNumber(phone_number, country)}</span>{" "}
              {phone_number_verified ? <span className="badge">{t("verified")}</span> : <span className="badge badge--muted">{t("notVerified")}</span>}
            </p>
          ) : (
            <p className="muted">{t("phone.none")}</p>
          )
        }
      </QueryStates>
      <StatusMessage message={code.announcement} />
      <Form onSubmit={sendCode} tone="plain" submitLabel={code.sentTo ? t("sendNewCode") : t("phone.sendCode")} pendingLabel={t("sending")} pending={start.isPending}>
        <TextField label={profile.data?.phone_number ? t("phone.newNumber") : t("phone.number")} hint={phoneNumberHint(account, country)} {...phone.field(startRefusal)} />
      </Form>
      {code.sentTo ? (
        <Panel>
          <CodeForm
            key={code.sentTo}
            schema={contactCodeBodySchema}
            label={t("codeSentTo", { to: code.sentTo })}
            hint={code.resumed && waiting ? t("phone.validUntil", { time: time.format(new Date(waiting.expires_at)) }) : t("validTenMinutes")}
            submitLabel={t("phone.verify")}
            action={verify}
            refusal={verifyRefusal}
            focusOnOpen={!code.resumed}
            onSubmit={(typed) =>
              verify.mutate(typed, {
                onSuccess: ({ verified }) => {
                  if (!verified) return code.wrongCode();
                  phone.clear();
                  // Sent before a reload, the number is known here only masked.
                  code.confirmed(code.resumed ? t("phone.verified") : t("phone.numberVerified", { phone: code.sentTo ?? "" }));
                },
              })
            }
          />
        </Panel>
      ) : null}
    </Section>
  );
}
