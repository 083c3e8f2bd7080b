"use client";

import { useRef, useState } from "react";
import { disableMfaBodySchema, totpCodeBodySchema, type MfaState } from "@/lib/mfa/schemas";
import { Actions, panelTitleClass, QueryStates, Section } from "@/components/ui/section";
import { failedMessage } from "../api-messages";
import { LocalDate } from "../local-time";
import { CodeForm } from "../code-form";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { useDisableTotp, useMfaState, useRegenerateRecoveryCodes, useStartTotpSetup } from "./security-queries";
import { TotpSetup } from "./totp-setup";

/** Fewer than this many unused recovery codes, and the page suggests making a new set. */
const FEW_RECOVERY_CODES = 3;

type Step = { kind: "overview" } | { kind: "setup"; otpauthUrl: string } | { kind: "codes"; codes: string[] } | { kind: "regenerate" } | { kind: "disable" };

/**
 * Two-step sign-in (TOTP): turn it on (QR code, then the first code, then the recovery codes shown once),
 * see how many recovery codes are left, make a new set, turn it off. Turning off and replacing the codes
 * each ask for a current code, which is also their confirmation.
 */
export function TwoFactorSection() {
  const state = useMfaState();
  const startSetup = useStartTotpSetup();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTotp();
  const [step, setStep] = useState<Step>({ kind: "overview" });
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const sectionHeading = useRef<HTMLHeadingElement>(null);

  function backToOverview(message = "") {
    setStep({ kind: "overview" });
    setAnnouncement(message);
    // The panel that had focus is gone: the section's heading takes it, next to what changed.
    requestAnimationFrame(() => sectionHeading.current?.focus());
  }

  function beginSetup() {
    setAnnouncement("");
    setFailure("");
    startSetup.mutate(undefined, {
      onSuccess: ({ otpauth_url }) => setStep({ kind: "setup", otpauthUrl: otpauth_url }),
      onError: (error) => setFailure(failedMessage("start setting up two-step sign-in", error)),
    });
  }

  /** Two-step sign-in is on: replacing the recovery codes or turning it off asks for a code, else how it stands. */
  function enabled(data: MfaState) {
    if (step.kind === "regenerate") {
      return (
        <CodeForm
          schema={totpCodeBodySchema}
          label="Code from your authenticator app"
          submitLabel="Make new codes"
          busyLabel="Making new codes…"
          action={regenerate}
          onSubmit={(code) => regenerate.mutate(code, { onSuccess: ({ recovery_codes }) => setStep({ kind: "codes", codes: recovery_codes }) })}
          onCancel={() => backToOverview()}
        >
          <h3 className={panelTitleClass}>Make new recovery codes</h3>
          <p>Your current recovery codes will stop working, and you will get ten new ones. Enter the code your app shows to continue.</p>
        </CodeForm>
      );
    }
    if (step.kind === "disable") {
      return (
        <CodeForm
          schema={disableMfaBodySchema}
          label="Code from your authenticator app, or a recovery code"
          accept="digits-or-recovery-code"
          submitLabel="Turn off two-step sign-in"
          busyLabel="Turning off…"
          danger
          action={disable}
          onSubmit={(code) => disable.mutate(code, { onSuccess: () => backToOverview("Two-step sign-in is off. Your recovery codes no longer work.") })}
          onCancel={() => backToOverview()}
        >
          <h3 className={panelTitleClass}>Turn off two-step sign-in?</h3>
          <p>Anyone who learns your password will be able to sign in as you. Your recovery codes will stop working.</p>
        </CodeForm>
      );
    }
    return (
      <TotpOn
        state={data}
        onRegenerate={() => {
          regenerate.reset();
          setAnnouncement("");
          setStep({ kind: "regenerate" });
        }}
        onDisable={() => {
          disable.reset();
          setAnnouncement("");
          setStep({ kind: "disable" });
        }}
      />
    );
  }

  let body;
  if (step.kind === "setup") {
    body = (
      <TotpSetup
        otpauthUrl={step.otpauthUrl}
        onConfirmed={(codes) => {
          setAnnouncement("Two-step sign-in is on.");
          setStep({ kind: "codes", codes });
        }}
        onCancel={() => backToOverview()}
      />
    );
  } else if (step.kind === "codes") {
    body = <RecoveryCodesPanel codes={step.codes} onDone={() => backToOverview()} />;
  } else {
    body = (
      <QueryStates query={state} what="your two-step sign-in settings">
        {(data) => (data.status === "enabled" ? enabled(data) : <TotpOff state={data} starting={startSetup.isPending} onStart={beginSetup} />)}
      </QueryStates>
    );
  }

  return (
    <Section id="two-factor-title" title="Two-step sign-in" headingRef={sectionHeading} status={announcement} alert={failure}>
      {body}
    </Section>
  );
}

function TotpOff({ state, starting, onStart }: { state: MfaState; starting: boolean; onStart: () => void }) {
  return (
    <>
      <p>
        <span className="badge badge--muted">Off</span> Add a code from an authenticator app on your phone to your password, so nobody can sign in as you with
        your password alone.
      </p>
      {state.status === "pending" ? <p className="muted">You started setting this up but did not finish. Start again to get a new QR code.</p> : null}
      <button type="button" className="button button--primary" aria-disabled={starting || undefined} onClick={() => !starting && onStart()}>
        {starting ? "Starting…" : state.status === "pending" ? "Start again" : "Set up two-step sign-in"}
      </button>
    </>
  );
}

function TotpOn({ state, onRegenerate, onDisable }: { state: MfaState; onRegenerate: () => void; onDisable: () => void }) {
  const remaining = state.recovery_codes_remaining;
  return (
    <>
      <p>
        <span className="badge">On</span> Signing in asks for a code from your authenticator app
        {state.enabled_at ? (
          <>
            , since <LocalDate iso={state.enabled_at} />
          </>
        ) : null}
        .
      </p>
      <p className={remaining < FEW_RECOVERY_CODES ? "notice notice--warning" : undefined}>
        You have <strong>{remaining === 1 ? "1 recovery code" : `${remaining} recovery codes`}</strong> left.
        {remaining < FEW_RECOVERY_CODES ? " Make a new set so you are not locked out if you lose your phone." : null}
      </p>
      <Actions>
        <button type="button" className="button" onClick={onRegenerate}>
          Make new recovery codes
        </button>
        <button type="button" className="button button--danger" onClick={onDisable}>
          Turn off two-step sign-in
        </button>
      </Actions>
    </>
  );
}
