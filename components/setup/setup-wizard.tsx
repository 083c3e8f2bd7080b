"use client";

import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useApiMessages } from "@/components/account/api-messages";
import { RecoveryCodesPanel } from "@/components/account/security/recovery-codes-panel";
import { setupKeyOf } from "@/components/account/security/totp-setup";
import { useQrCode } from "@/components/account/security/use-qr-code";
import { MailServerForm } from "@/components/admin/mail-server-form";
import { PasswordStrengthMeter } from "@/components/passwords/password-strength-meter";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { OneTimeCodeField } from "@/components/ui/one-time-code-field";
import { countryOptions, timeZoneLabel, timeZoneOptions } from "@/components/ui/region-options";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useInBrowser } from "@/components/ui/use-in-browser";
import { PortalApiError } from "@/lib/portal-api/client";
import type { SetupState } from "@/lib/setup/schemas";
import { setupApi, splitSetupRefusal } from "./setup-api";
import styles from "./setup.module.css";

/** Where the token waits while the page is open: a reload keeps working, and the address bar no longer shows it. */
const TOKEN_KEY = "church-setup-token";
/** The wizard's steps, each named by Setup.wizard.steps.<step>. */
const STEPS = ["church", "email", "you", "twoStep"] as const;

interface Church {
  name: string;
  country: string;
  time_zone: string;
  campus_name: string;
}
interface Administrator {
  given_name: string;
  family_name: string;
  email: string;
  password: string;
  email_code: string;
}

/** The token of the address the page was opened with, kept for this tab and taken out of the address bar. */
function useSetupToken(fromAddress: string | null): string | null {
  const inBrowser = useInBrowser();
  const token = useMemo(() => {
    if (!inBrowser) return null;
    if (fromAddress) window.sessionStorage.setItem(TOKEN_KEY, fromAddress);
    return window.sessionStorage.getItem(TOKEN_KEY);
  }, [inBrowser, fromAddress]);
  useEffect(() => {
    if (inBrowser && fromAddress) window.history.replaceState(null, "", "/setup");
  }, [inBrowser, fromAddress]);
  return token;
}

/**
 * The church's first day (issue 39): its name, country, time zone and first campus; whether the server sends
 * email (a test message); the first administrator, their address proved by a code when email works, their
 * password and their authenticator app. The last step makes them the administrator and ends setup.
 */
export function SetupWizard({ tokenFromAddress }: { tokenFromAddress: string | null }) {
  const t = useTranslations("Setup.wizard");
  const locale = useLocale();
  const inBrowser = useInBrowser();
  const token = useSetupToken(tokenFromAddress);
  const state = useQuery({
    queryKey: ["setup", token],
    queryFn: () => setupApi.check({ token: token! }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [church, setChurch] = useState<Church | null>(null);
  const [otpauthUrl, setOtpauthUrl] = useState<string | null>(null);
  const [done, setDone] = useState<{ recovery_codes: string[]; sign_in_url: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [step, done]);

  if (!inBrowser || (token !== null && state.isPending)) return <p className="muted">{t("opening")}</p>;
  if (token === null || state.isError || !state.data) {
    const gone = state.error instanceof PortalApiError && state.error.status === 404;
    return (
      <div className="notice notice--warning" role="alert">
        <p>
          {token === null || gone ? t("gone") : locale === "en" && state.error ? state.error.message : t("notOpened")}
        </p>
      </div>
    );
  }

  if (done) {
    return (
      <>
        <h2 ref={heading} tabIndex={-1}>
          {t("doneTitle", { church: church?.name ?? "" })}
        </h2>
        <p>{t("doneText")}</p>
        <RecoveryCodesPanel codes={done.recovery_codes} onDone={() => window.location.assign(done.sign_in_url)} />
      </>
    );
  }

  return (
    <>
      <ol className={styles.steps} aria-label={t("stepsLabel")}>
        {STEPS.map((name, index) => (
          <li key={name} aria-current={index === step ? "step" : undefined} className={index < step ? styles.stepDone : undefined}>
            {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1}>
        {t("stepHeading", { number: step + 1, total: STEPS.length, name: t(`steps.${STEPS[step]!}`) })}
      </h2>
      {step === 0 ? (
        <ChurchStep
          initial={church ?? { ...state.data.church, campus_name: t("church.mainCampus") }}
          onNext={(value) => {
            setChurch(value);
            setStep(1);
          }}
        />
      ) : null}
      {step === 1 ? <EmailStep token={token} setup={state.data} onSaved={(setup) => queryClient.setQueryData(["setup", token], setup)} onBack={() => setStep(0)} onNext={() => setStep(2)} /> : null}
      {step === 2 && church ? (
        <AdministratorStep
          token={token}
          church={church}
          emailSending={state.data.email_sending}
          onBack={() => setStep(1)}
          onNext={(url) => {
            setOtpauthUrl(url);
            setStep(3);
          }}
        />
      ) : null}
      {step === 3 && otpauthUrl ? <TwoStepStep token={token} otpauthUrl={otpauthUrl} onBack={() => setStep(2)} onDone={setDone} /> : null}
    </>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const t = useTranslations("Setup.wizard");
  return (
    <button type="button" className="button" onClick={onBack}>
      {t("back")}
    </button>
  );
}

function ChurchStep({ initial, onNext }: { initial: Church; onNext: (church: Church) => void }) {
  const t = useTranslations("Setup.wizard");
  const locale = useLocale();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<keyof Church, string>>>({});
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const zones = useMemo(() => timeZoneOptions(values.time_zone), [values.time_zone]);
  const set = (field: keyof Church) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof problems = {};
    if (!values.name.trim()) found.name = t("church.nameMissing");
    if (!values.campus_name.trim()) found.campus_name = t("church.campusMissing");
    setProblems(found);
    if (Object.keys(found).length === 0) onNext({ ...values, name: values.name.trim(), campus_name: values.campus_name.trim() });
  }

  return (
    <Form onSubmit={submit} submitLabel={t("next")} pendingLabel="…" pending={false} label={t("steps.church")}>
      <TextField label={t("church.name")} name="name" value={values.name} onChange={set("name")} maxLength={100} autoComplete="organization" hint={t("church.nameHint")} error={problems.name} />
      <SelectField label={t("church.country")} name="country" value={values.country} onChange={set("country")} hint={t("church.countryHint")}>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("church.timeZone")} name="time_zone" value={values.time_zone} onChange={set("time_zone")}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {timeZoneLabel(zone)}
          </option>
        ))}
      </SelectField>
      <TextField label={t("church.campus")} name="campus_name" value={values.campus_name} onChange={set("campus_name")} maxLength={100} hint={t("church.campusHint")} error={problems.campus_name} />
    </Form>
  );
}

function EmailStep({ token, setup, onSaved, onBack, onNext }: { token: string; setup: SetupState; onSaved: (setup: SetupState) => void; onBack: () => void; onNext: () => void }) {
  const t = useTranslations("Setup.wizard");
  return (
    <div className={styles.step}>
      <p>{t("email.intro")}</p>
      <MailServerForm
        current={setup.mail_server}
        suggestedTo=""
        onSave={async (server) => {
          const next = await setupApi.mailServer({ token, ...server });
          onSaved(next);
          return next.mail_server;
        }}
        onTest={(to) => setupApi.testEmail({ token, to })}
        actions={
          <>
            <button type="button" className="button button--primary" onClick={onNext}>
              {setup.email_sending ? t("next") : t("email.withoutEmail")}
            </button>
            <BackButton onBack={onBack} />
          </>
        }
      />
      {setup.email_sending ? null : <p className="muted">{t("email.noEmailYet")}</p>}
    </div>
  );
}

const ADMINISTRATOR_FIELDS = ["given_name", "family_name", "email", "password", "new_password", "email_code"] as const;

function AdministratorStep({ token, church, emailSending, onBack, onNext }: { token: string; church: Church; emailSending: boolean; onBack: () => void; onNext: (otpauthUrl: string) => void }) {
  const t = useTranslations("Setup.wizard");
  const api = useApiMessages();
  const [values, setValues] = useState<Administrator>({ given_name: "", family_name: "", email: "", password: "", email_code: "" });
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const sendCode = useMutation({ mutationFn: () => setupApi.emailCode({ token, email: values.email, given_name: values.given_name || "there" }), onSuccess: () => setCodeSentTo(values.email) });
  const save = useMutation({
    mutationFn: () =>
      setupApi.administrator({
        token,
        church,
        administrator: { given_name: values.given_name, family_name: values.family_name, email: values.email, password: values.password, email_code: emailSending ? values.email_code : null },
      }),
    onSuccess: ({ otpauth_url }) => onNext(otpauth_url),
  });
  const refusal = splitSetupRefusal(api, save.error ?? sendCode.error, ADMINISTRATOR_FIELDS, t("you.failed"));
  const fieldError = (field: (typeof ADMINISTRATOR_FIELDS)[number]) => (refusal.field === field || (field === "password" && refusal.field === "new_password") ? refusal.message : undefined);
  const set = (field: keyof Administrator) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const needsCode = emailSending && codeSentTo !== values.email.trim().toLowerCase() && codeSentTo !== values.email;

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (emailSending && needsCode) sendCode.mutate();
        else save.mutate();
      }}
      submitLabel={emailSending && needsCode ? t("you.emailMeACode") : t("next")}
      pendingLabel={t("you.pending")}
      pending={save.isPending || sendCode.isPending}
      label={t("you.label")}
      actions={<BackButton onBack={onBack} />}
    >
      <p>{t("you.intro")}</p>
      <FormProblem message={refusal.field ? "" : refusal.message} />
      <div className={styles.pair}>
        <TextField label={t("you.givenName")} name="given_name" value={values.given_name} onChange={set("given_name")} autoComplete="given-name" maxLength={100} error={fieldError("given_name")} />
        <TextField label={t("you.familyName")} name="family_name" value={values.family_name} onChange={set("family_name")} autoComplete="family-name" maxLength={100} error={fieldError("family_name")} />
      </div>
      <TextField label={t("you.email")} name="email" type="email" value={values.email} onChange={set("email")} autoComplete="email" hint={t("you.emailHint")} error={fieldError("email")} />
      <div>
        <TextField label={t("you.password")} name="password" type="password" value={values.password} onChange={set("password")} autoComplete="new-password" hint={t("you.passwordHint")} error={fieldError("password")} />
        <PasswordStrengthMeter id="setup-password-strength" password={values.password} owner={{ email: values.email, givenName: values.given_name, familyName: values.family_name }} />
      </div>
      {emailSending && !needsCode ? (
        <OneTimeCodeField label={t("you.emailCode")} hint={t("you.emailCodeHint", { email: codeSentTo ?? "" })} value={values.email_code} onChange={(code) => setValues((current) => ({ ...current, email_code: code }))} error={fieldError("email_code")} />
      ) : null}
    </Form>
  );
}

function TwoStepStep({ token, otpauthUrl, onBack, onDone }: { token: string; otpauthUrl: string; onBack: () => void; onDone: (done: { recovery_codes: string[]; sign_in_url: string }) => void }) {
  const t = useTranslations("Setup.wizard");
  const api = useApiMessages();
  const [code, setCode] = useState("");
  const qrCode = useQrCode(otpauthUrl);
  const complete = useMutation({ mutationFn: () => setupApi.complete({ token, code }), onSuccess: onDone });
  const refusal = splitSetupRefusal(api, complete.error, ["code"] as const, t("twoStep.failed"));

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        complete.mutate();
      }}
      submitLabel={t("twoStep.finish")}
      pendingLabel={t("twoStep.pending")}
      pending={complete.isPending}
      label={t("steps.twoStep")}
      actions={<BackButton onBack={onBack} />}
    >
      <p>{t("twoStep.intro")}</p>
      <ol className={styles.instructions}>
        <li>{t("twoStep.scan")}</li>
        <li>{t("twoStep.type")}</li>
      </ol>
      <div className={styles.qr}>
        {qrCode ? (
          // A data: URL made in the browser: next/image has nothing to optimise here.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={qrCode} width={192} height={192} alt={t("twoStep.qrAlt")} />
        ) : null}
      </div>
      <p>{t.rich("twoStep.cantScan", { setupKey: setupKeyOf(otpauthUrl), key: (chunks) => <code className={styles.key}>{chunks}</code> })}</p>
      <FormProblem message={refusal.field ? "" : refusal.message} />
      <OneTimeCodeField label={t("twoStep.code")} value={code} onChange={setCode} error={refusal.field ? refusal.message : undefined} />
    </Form>
  );
}
