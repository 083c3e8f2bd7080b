"use client";

import { useEffect, useMemo, useState, type FormEvent } from "react";
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useMutation, useQuery } from "@tanstack/react-query";
import { asSentence } from "@/components/account/api-messages";
import { splitRefusal } from "@/components/admin/household-refusal";
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


/** What went wrong while making the account with a passkey, in words: the browser's refusals first, then the API's. */
function passkeyFailure(error: Error): string {
  if (error.name === "NotAllowedError" || error.name === "AbortError") return "No passkey was made: the request was cancelled or timed out. Try again, or choose a password.";
  if (error instanceof PortalApiError) return `Your account was not made. ${asSentence(error.message)}`;
  return `Your browser couldn’t make a passkey. ${asSentence(error.message) || "Choose a password instead."}`;
}

/**
 * An invitation from the church (issue 40): the person's name is filled in; they choose a passkey or a password, or enter
 * the one of the account they already have with that address, and their account is linked to their record
 * and household at once.
 */
export function AcceptInvitationForm() {
  const inBrowser = useInBrowser();
  const token = useInvitationToken();
  const invitation = useQuery({ queryKey: ["invitation", token], queryFn: () => callPublicEndpoint(checkInvitation, { token: token! }), enabled: token !== null, retry: false, staleTime: Infinity });
  const [password, setPassword] = useState("");
  const accept = useMutation({ mutationFn: () => callPublicEndpoint(acceptInvitation, { token: token!, password }) });
  const refusal = splitRefusal(accept.error, ["password"] as const, "accept the invitation");
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

  if (!inBrowser || (token !== null && invitation.isPending)) return <p className="muted">Opening your invitation…</p>;
  if (accepted) {
    return (
      <div className={`notice notice--success ${styles.words}`} role="status">
        <p>
          <strong>{accepted.created ? "Your account is ready." : "Your account is linked."}</strong>{" "}
          {acceptWithPasskey.data ? "Sign in with your passkey" : `Sign in with ${accepted.email}`} to see your household and what is on.
        </p>
        <p>
          <a className="button button--primary" href={portalSignInHref("/account")}>
            Sign in
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
          {gone
            ? "This invitation link does not work any more: it was used already, replaced by a newer one, or it is more than 14 days old. Ask the church office to send you a new one."
            : (invitation.error?.message ?? "The invitation could not be opened. Reload the page to try again.")}
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
      <p className={`lede ${styles.words}`}>
        Welcome, {person.given_name} {person.family_name}.
      </p>
      <Form
        onSubmit={submit}
        submitLabel={person.has_account ? "Link my account" : "Make my account"}
        pendingLabel="A moment…"
        pending={accept.isPending}
        label={person.has_account ? "Link your account" : "Make your account"}
      >
        <p className={styles.words}>
          {person.has_account
            ? `You already have an account with ${person.email}. Enter its password and it will be linked to your church record and household.`
            : `Your account will use ${person.email}. Choose a password; your church record and household are linked to it at once.`}
        </p>
        <FormProblem message={refusal.field ? "" : refusal.message} />
        <TextField label="Email address" name="email" type="email" value={person.email} readOnly autoComplete="username" />
        <TextField
          label="Password"
          name="password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete={person.has_account ? "current-password" : "new-password"}
          hint={person.has_account ? undefined : "At least 12 characters; a few unusual words make a strong one."}
          error={refusal.field === "password" ? refusal.message : undefined}
          required
        />
        {person.has_account ? null : <PasswordStrengthMeter id="invitation-password-strength" password={password} owner={{ email: person.email, givenName: person.given_name, familyName: person.family_name }} />}
      </Form>
      {!person.has_account && passkeysWork ? (
        <section className={styles.passkey} aria-labelledby="invitation-passkey-title">
          <h2 id="invitation-passkey-title">Or use a passkey</h2>
          <p className={styles.words}>Sign in with this phone’s or computer’s own lock (your fingerprint, face or PIN) instead of a password.</p>
          <button type="button" className="button" disabled={acceptWithPasskey.isPending || accept.isPending} onClick={() => acceptWithPasskey.mutate()}>
            {acceptWithPasskey.isPending ? "Waiting for your device…" : "Make my account with a passkey"}
          </button>
          <FormProblem message={acceptWithPasskey.error ? passkeyFailure(acceptWithPasskey.error) : ""} />
        </section>
      ) : null}
    </>
  );
}
