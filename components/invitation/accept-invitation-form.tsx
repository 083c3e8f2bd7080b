"use client";

import { useEffect, useMemo, useState, type FormEvent } from "react";
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { asSentence, useApiMessages, type ApiMessages } from "@/components/account/api-messages";
import { PasswordStrengthMeter } from "@/components/passwords/password-strength-meter";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { TextField } from "@/components/ui/text-field";
import { useInBrowser } from "@/components/ui/use-in-browser";
import { useWebAuthnSupport } from "@/components/ui/use-webauthn-support";
import { acceptInvitation, checkInvitation, startInvitationPasskey } from "@/lib/invitations/endpoints";
import type { BodyInputOf } from "@/lib/openapi/endpoint";
import { callPublicEndpoint } from "@/lib/portal-api/call-public-endpoint";
import { PortalApiError } from "@/lib/portal-api/client";
import { portalSignInHref } from "@/lib/portal-auth/paths";
import styles from "./invitation.module.css";

/** Where the link's token waits while the page is open, so a reload works once it has left the address bar. */
const TOKEN_KEY = "church-invitation-token";

/** The token after the link's #: never sent to the server with the page, never in its logs; then out of the address bar. */
function useInvitationToken(): string | null {
  const inBrowser = useInBrowser();
  const token = useMemo(() => {
    if (!inBrowser) return null;
    const fromLink = window.location.hash.slice(1);
    if (/^[A-Za-z0-9_-]{20,100}$/.test(fromLink)) window.sessionStorage.setItem(TOKEN_KEY, fromLink);
    return window.sessionStorage.getItem(TOKEN_KEY);
  }, [inBrowser]);
  useEffect(() => {
    if (inBrowser && window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  }, [inBrowser]);
  return token;
}

type PasskeyAnswer = Extract<BodyInputOf<typeof acceptInvitation>, { passkey: unknown }>["passkey"]["response"];


/** The words passkeyFailure needs, of the "Invitation.form" namespace. */
type Words = (key: "passkeyCancelled" | "accountNotMade" | "browserFailed" | "choosePasswordInstead") => string;

/**
 * What went wrong while making the account with a passkey, in words: the browser's refusals first, then the API's.
 * The browser's own description is English, so only an English page shows it.
 */
function passkeyFailure(error: Error, t: Words, api: ApiMessages, locale: string): string {
  if (error.name === "NotAllowedError" || error.name === "AbortError") return t("passkeyCancelled");
  if (error instanceof PortalApiError) return api.failed(t("accountNotMade"), error);
  const instead = (locale === "en" && asSentence(error.message)) || t("choosePasswordInstead");
  return `${t("browserFailed")} ${instead}`;
}

/**
 * An invitation from the church (issue 40): the person's name is filled in; they choose a passkey or a password, or enter
 * the one of the account they already have with that address, and their account is linked to their record
 * and household at once.
 */
export function AcceptInvitationForm() {
  const t = useTranslations("Invitation.form");
  const api = useApiMessages();
  const locale = useLocale();
  const inBrowser = useInBrowser();
  const token = useInvitationToken();
  const invitation = useQuery({ queryKey: ["invitation", token], queryFn: () => callPublicEndpoint(checkInvitation, { token: token! }), enabled: token !== null, retry: false, staleTime: Infinity });
  const [password, setPassword] = useState("");
  const accept = useMutation({ mutationFn: () => callPublicEndpoint(acceptInvitation, { token: token!, password }) });
  // A refusal that names the password goes under it; any other, above the form.
  const passwordRefusal = api.fieldRefusal(accept.error, "password");
  const problem = accept.error && passwordRefusal === null ? api.failed(t("acceptFailed"), accept.error) : "";
  const passkeysWork = useWebAuthnSupport(false);
  // Three steps in one action: the options (bound to this invitation), the device's own prompt, and the answer, which makes the account.
  const acceptWithPasskey = useMutation({
    mutationFn: async () => {
      const options = await callPublicEndpoint(startInvitationPasskey, { token: token! });
      // The schema checked the parts we rely on and kept the rest as it came: it is the standard's shape.
      const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      // The browser's type allows any transport name; the server's schema judges it.
      return callPublicEndpoint(acceptInvitation, { token: token!, passkey: { response: response as PasskeyAnswer } });
    },
  });
  const accepted = accept.data ?? acceptWithPasskey.data;

  if (!inBrowser || (token !== null && invitation.isPending)) return <p className="muted">{t("opening")}</p>;
  if (accepted) {
    return (
      <div className={`notice notice--success ${styles.words}`} role="status">
        <p>
          <strong>{accepted.created ? t("accountReady") : t("accountLinked")}</strong>{" "}
          {acceptWithPasskey.data ? t("signInWithPasskey") : t("signInWithEmail", { email: accepted.email })}
        </p>
        <p>
          <a className="button button--primary" href={portalSignInHref("/account")}>
            {t("signIn")}
          </a>
        </p>
      </div>
    );
  }
  if (token === null || !invitation.data) {
    const gone = token === null || (invitation.error instanceof PortalApiError && invitation.error.status === 404);
    return (
      <div className="notice notice--warning" role="alert">
        <p>
          {gone ? t("gone") : locale === "en" && invitation.error ? invitation.error.message : t("notOpened")}
        </p>
      </div>
    );
  }

  const person = invitation.data;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (password && !accept.isPending) accept.mutate();
  }
  return (
    <>
      <p className={`lede ${styles.words}`}>{t("welcome", { givenName: person.given_name, familyName: person.family_name })}</p>
      <Form
        onSubmit={submit}
        submitLabel={person.has_account ? t("linkMyAccount") : t("makeMyAccount")}
        pendingLabel={t("pending")}
        pending={accept.isPending}
        label={person.has_account ? t("linkYourAccount") : t("makeYourAccount")}
      >
        <p className={styles.words}>
          {person.has_account ? t("haveAccount", { email: person.email }) : t("newAccount", { email: person.email })}
        </p>
        <FormProblem message={problem} />
        <TextField label={t("email")} name="email" type="email" value={person.email} readOnly autoComplete="username" />
        <TextField
          label={t("password")}
          name="password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete={person.has_account ? "current-password" : "new-password"}
          hint={person.has_account ? undefined : t("passwordHint")}
          error={passwordRefusal ?? undefined}
          required
        />
        {person.has_account ? null : <PasswordStrengthMeter id="invitation-password-strength" password={password} owner={{ email: person.email, givenName: person.given_name, familyName: person.family_name }} />}
      </Form>
      {!person.has_account && passkeysWork ? (
        <section className={styles.passkey} aria-labelledby="invitation-passkey-title">
          <h2 id="invitation-passkey-title">{t("passkeyTitle")}</h2>
          <p className={styles.words}>{t("passkeyText")}</p>
          <button type="button" className="button" disabled={acceptWithPasskey.isPending || accept.isPending} onClick={() => acceptWithPasskey.mutate()}>
            {acceptWithPasskey.isPending ? t("waitingForDevice") : t("makeWithPasskey")}
          </button>
          <FormProblem message={acceptWithPasskey.error ? passkeyFailure(acceptWithPasskey.error, t, api, locale) : ""} />
        </section>
      ) : null}
    </>
  );
}
