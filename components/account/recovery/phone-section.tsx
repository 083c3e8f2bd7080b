"use client";

import { useRef, useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { contactCodeBodySchema, startPhoneVerificationBodySchema } from "@/lib/contacts/schemas";
import formStyles from "../account-forms.module.css";
import { asSentence, failedMessage, waitMessage } from "../api-messages";
import { CodeForm, codeRefusalMessage } from "../code-form";
import { LoadError } from "../load-error";
import { useProfile, useStartPhoneVerification, useVerifyPhone } from "./recovery-queries";
import styles from "./recovery.module.css";
import { StatusMessage } from "@/components/ui/live-messages";

/**
 * The member's own mobile number: the one apps see in the `phone` scope (`phone_number`,
 * `phone_number_verified`). Changing it sends a code by SMS; it counts as verified once the code is typed
 * back.
 */
export function PhoneSection() {
  const profile = useProfile();
  const start = useStartPhoneVerification();
  const verify = useVerifyPhone();
  const [phone, setPhone] = useState("");
  const [invalid, setInvalid] = useState("");
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [wrongCode, setWrongCode] = useState(0);
  const phoneInput = useRef<HTMLInputElement>(null);

  function sendCode(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    const parsed = startPhoneVerificationBodySchema.safeParse({ phone });
    if (!parsed.success) {
      setInvalid(asSentence(`The number ${parsed.error.issues[0]?.message ?? "is not valid"}`));
      phoneInput.current?.focus();
      return;
    }
    setInvalid("");
    setAnnouncement("");
    verify.reset();
    setWrongCode(0);
    start.mutate(parsed.data.phone, {
      onSuccess: () => {
        setCodeSentTo(parsed.data.phone);
        setAnnouncement(`We sent a 6-digit code by text message to ${parsed.data.phone}.`);
      },
      onError: () => phoneInput.current?.focus(),
    });
  }

  const startRefusal = start.error ? (waitMessage(start.error) ?? failedMessage("send a code to that number", start.error)) : "";
  const verifyRefusal = verify.error
    ? codeRefusalMessage(verify.error)
    : wrongCode > 0
      ? "That code didn’t work. Check the text message and try again."
      : "";

  let current;
  if (profile.isPending) {
    current = <p className="muted" aria-busy="true">Loading your phone number…</p>;
  } else if (!profile.data) {
    current = (
      <LoadError
        headingLevel={3}
        title="We couldn’t load your phone number"
        message={profile.error?.message ?? "Please try again in a moment."}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
      />
    );
  } else if (profile.data.phone_number) {
    current = (
      <p>
        <span className={styles.value}>{profile.data.phone_number}</span>{" "}
        {profile.data.phone_number_verified ? <span className="badge">Verified</span> : <span className="badge badge--muted">Not verified</span>}
      </p>
    );
  } else {
    current = <p className="muted">You have not given a mobile number.</p>;
  }

  return (
    <section className={styles.section} aria-labelledby="phone-title">
      <h2 id="phone-title" className={styles.sectionTitle}>
        Mobile number
      </h2>
      <p className="muted">Apps you allow to see your phone number get this one, and whether it is verified.</p>
      {current}
      <StatusMessage message={announcement} />
      <form className={formStyles.form} onSubmit={sendCode} noValidate>
        <TextField
          label={profile.data?.phone_number ? "New mobile number" : "Mobile number"}
          hint="Start with + and the country code, like +44 7911 123456."
          error={invalid || startRefusal || undefined}
          inputRef={phoneInput}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            if (invalid) setInvalid("");
          }}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="button" aria-disabled={start.isPending || undefined}>
            {start.isPending ? "Sending…" : codeSentTo ? "Send a new code" : "Send a code"}
          </button>
        </div>
      </form>
      {codeSentTo ? (
        <div className={styles.codeStep}>
          <CodeForm
            schema={contactCodeBodySchema}
            label={`Code sent to ${codeSentTo}`}
            hint="It is valid for 10 minutes."
            submitLabel="Verify number"
            busyLabel="Checking…"
            busy={verify.isPending}
            refusal={verifyRefusal}
            onSubmit={(code) =>
              verify.mutate(code, {
                onSuccess: ({ verified }) => {
                  if (!verified) {
                    setWrongCode((count) => count + 1);
                    return;
                  }
                  setCodeSentTo(null);
                  setPhone("");
                  setWrongCode(0);
                  setAnnouncement(`${codeSentTo} is verified.`);
                },
              })
            }
          />
        </div>
      ) : null}
    </section>
  );
}
