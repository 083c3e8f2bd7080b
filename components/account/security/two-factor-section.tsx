"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import { disableMfaBodySchema, totpCodeBodySchema, type MfaState } from "@/lib/mfa/schemas";
import { Actions, panelTitleClass, QueryStates, Section } from "@/components/ui/section";
import { useApiMessages } from "../api-messages";
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
  const t = useTranslations("AccountSecurity");
  const api = useApiMessages();
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
      onError: (error) => setFailure(api.failed(t("twoFactor.startFailed"), error)),
    });
  }

  /** Two-step sign-in is on: replacing the recovery codes or turning it off asks for a code, else how it stands. */
  function enabled(data: MfaState) {
    if (step.kind === "regenerate") {
      return (
        <CodeForm
          schema={totpCodeBodySchema}
          label={t("twoFactor.codeLabel")}
          submitLabel={t("twoFactor.makeNewCodes")}
          busyLabel={t("twoFactor.makingNewCodes")}
          action={regenerate}
          onSubmit={(code) => regenerate.mutate(code, { onSuccess: ({ recovery_codes }) => setStep({ kind: "codes", codes: recovery_codes }) })}
          onCancel={() => backToOverview()}
        >
          <h3 className={panelTitleClass}>{t("twoFactor.regenerateTitle")}</h3>
          <p>{t("twoFactor.regenerateText")}</p>
        </CodeForm>
      );
    }
    if (step.kind === "disable") {
      return (
        <CodeForm
          schema={disableMfaBodySchema}
          label={t("twoFactor.disableLabel")}
          accept="digits-or-recovery-code"
          submitLabel={t("twoFactor.turnOff")}
          busyLabel={t("twoFactor.turningOff")}
          danger
          action={disable}
          onSubmit={(code) => disable.mutate(code, { onSuccess: () => backToOverview(t("twoFactor.turnedOff")) })}
          onCancel={() => backToOverview()}
        >
          <h3 className={panelTitleClass}>{t("twoFactor.disableTitle")}</h3>
          <p>{t("twoFactor.disableText")}</p>
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
          setAnnouncement(t("twoFactor.turnedOn"));
          setStep({ kind: "codes", codes });
        }}
        onCancel={() => backToOverview()}
      />
    );
  } else if (step.kind === "codes") {
    body = <RecoveryCodesPanel codes={step.codes} onDone={() => backToOverview()} />;
  } else {
    body = (
      <QueryStates query={state} loading={t("twoFactor.loading")} failure={t("twoFactor.loadFailed")}>
        {(data) => (data.status === "enabled" ? enabled(data) : <TotpOff state={data} starting={startSetup.isPending} onStart={beginSetup} />)}
      </QueryStates>
    );
  }

  return (
    <Section id="two-factor-title" title={t("twoFactor.title")} headingRef={sectionHeading} status={announcement} alert={failure}>
      {body}
    </Section>
  );
}

function TotpOff({ state, starting, onStart }: { state: MfaState; starting: boolean; onStart: () => void }) {
  const t = useTranslations("AccountSecurity");
  return (
    <>
      <p>{t.rich("twoFactor.off", { badge: (chunks) => <span className="badge badge--muted">{chunks}</span> })}</p>
      {state.status === "pending" ? <p className="muted">{t("twoFactor.unfinished")}</p> : null}
      <button type="button" className="button button--primary" aria-disabled={starting || undefined} onClick={() => !starting && onStart()}>
        {starting ? t("twoFactor.starting") : state.status === "pending" ? t("twoFactor.startAgain") : t("twoFactor.setUp")}
      </button>
    </>
  );
}

function TotpOn({ state, onRegenerate, onDisable }: { state: MfaState; onRegenerate: () => void; onDisable: () => void }) {
  const t = useTranslations("AccountSecurity");
  const remaining = state.recovery_codes_remaining;
  const enabledAt = state.enabled_at;
  const badge = (chunks: ReactNode) => <span className="badge">{chunks}</span>;
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <>
      <p>{enabledAt ? t.rich("twoFactor.onSince", { badge, date: () => <LocalDate iso={enabledAt} /> }) : t.rich("twoFactor.on", { badge })}</p>
      <p className={remaining < FEW_RECOVERY_CODES ? "notice notice--warning" : undefined}>
        {remaining < FEW_RECOVERY_CODES ? t.rich("twoFactor.fewCodesLeft", { remaining, strong }) : t.rich("twoFactor.codesLeft", { remaining, strong })}
      </p>
      <Actions>
        <button type="button" className="button" onClick={onRegenerate}>
          {t("twoFactor.regenerateTitle")}
        </button>
        <button type="button" className="button button--danger" onClick={onDisable}>
          {t("twoFactor.turnOff")}
        </button>
      </Actions>
    </>
  );
}
