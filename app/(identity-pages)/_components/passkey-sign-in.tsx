"use client";

import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useCallback, useEffect, useRef, useState } from "react";
import { useWebAuthnSupport } from "@/components/ui/use-webauthn-support";
import { pageLanguage } from "./auth-form";

/**
 * "Sign in with a passkey" (docs/decisions/0021-passkeys.md). Asks /auth/passkey/options for a challenge
 * bound to this browser, lets the browser's passkey prompt answer it, and posts the answer to `action`,
 * which signs in and says where to go. On the sign-in page the same ceremony also runs quietly behind the
 * email field (conditional mediation): the browser lists the member's passkeys among its autofill
 * suggestions, and choosing one signs in without a click on the button. A browser without passkeys sees
 * nothing of this; the page works as before.
 */
export interface PasskeySignInProps {
  /** `sign_in` on /sign-in; `second_factor` on /sign-in/second-factor, where only the member's own passkeys are offered. */
  purpose: "sign_in" | "second_factor";
  /** Where the answer is posted: /auth/passkey/sign-in or /auth/second-factor/passkey. */
  action: string;
  csrfToken: string;
  request?: string;
  returnTo?: string;
  label: string;
  /** Draw the rule above the button with this word, "or" in the page's language (when nothing else on the page does). */
  divider?: string;
  /** Its own sentences in the page's language (passkeyWords() in ./fields). */
  words: PasskeyWords;
}

export interface PasskeyWords {
  /** The server could not be reached. */
  networkError: string;
  /** The server refused without a sentence. */
  failed: string;
  /** The browser prompt was closed, timed out, or found no passkey for this site. */
  cancelled: string;
}

/** A conditional request is renewed before its challenge (5 minutes) expires, so a late choice still works. */
const RENEW_AUTOFILL_MS = 4 * 60 * 1000;

class ServerRefusal extends Error {
  constructor(
    message: string,
    /** The answer's status, when the server answered (none: it could not be reached). */
    readonly status?: number,
  ) {
    super(message);
  }
}


function formBody(fields: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value) body.set(name, value);
  return body;
}

async function postForm(
  action: string,
  fields: Record<string, string | undefined>,
  words: Pick<PasskeyWords, "networkError" | "failed">,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(action, { method: "POST", body: formBody(fields), headers: { Accept: "application/json", "Accept-Language": pageLanguage() }, credentials: "same-origin" });
  } catch {
    throw new ServerRefusal(words.networkError);
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !data) {
    const description = data?.error_description;
    throw new ServerRefusal(typeof description === "string" ? description : words.failed, response.status);
  }
  return data;
}

export function PasskeySignIn({ purpose, action, csrfToken, request, returnTo, label, divider, words }: PasskeySignInProps) {
  const { networkError, failed, cancelled } = words;
  // Known only in the browser. The server draws the button (every current browser has passkeys): drawn only
  // after hydration, it pushed the links below it down while a slow phone was still showing the page, and a
  // tap meant for "Create an account" landed on "Continue with …". Without JavaScript the stylesheet hides it
  // (`.auth-passkey--needs-script`, `@media (scripting: none)`); a browser without passkeys removes it here.
  const supported = useWebAuthnSupport(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const options = useCallback(async (): Promise<PublicKeyCredentialRequestOptionsJSON> => {
    const data = await postForm("/auth/passkey/options", { csrf_token: csrfToken, purpose, request }, { networkError, failed });
    return data.options as PublicKeyCredentialRequestOptionsJSON;
  }, [csrfToken, purpose, request, networkError, failed]);

  const finish = useCallback(
    async (credential: unknown) => {
      const data = await postForm(action, { csrf_token: csrfToken, credential: JSON.stringify(credential), request, return_to: returnTo }, { networkError, failed });
      // A full navigation: the next step may be the authorization endpoint, which redirects off-site.
      if (typeof data.redirect_to === "string") window.location.assign(data.redirect_to);
    },
    [action, csrfToken, request, returnTo, networkError, failed],
  );

  const fail = useCallback((failure: unknown) => {
    if (failure instanceof Error && failure.name === "AbortError") return;
    setError(failure instanceof ServerRefusal ? failure.message : cancelled);
    setPending(false);
    requestAnimationFrame(() => errorRef.current?.focus());
  }, [cancelled]);

  // Passkeys among the email field's autofill suggestions (sign-in page only), renewed before the challenge expires.
  useEffect(() => {
    if (purpose !== "sign_in") return;
    let stopped = false;
    let renewal: ReturnType<typeof setTimeout> | undefined;
    async function offerInAutofill() {
      if (stopped || !(await browserSupportsWebAuthnAutofill())) return;
      try {
        const optionsJSON = await options();
        if (stopped) return;
        renewal = setTimeout(() => void offerInAutofill(), RENEW_AUTOFILL_MS);
        const credential = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
        clearTimeout(renewal);
        setPending(true);
        await finish(credential);
      } catch (failure) {
        // Replaced by the button's ceremony or the renewal (AbortError), the server could not be asked, or this
        // address asked for too many challenges (429: the member did not ask for this one): stay quiet.
        if (failure instanceof ServerRefusal && failure.status !== undefined && failure.status !== 429) fail(failure);
      }
    }
    void offerInAutofill();
    return () => {
      stopped = true;
      clearTimeout(renewal);
    };
  }, [purpose, options, finish, fail]);

  async function signIn() {
    if (pending) return;
    setError(null);
    setPending(true);
    try {
      await finish(await startAuthentication({ optionsJSON: await options() }));
    } catch (failure) {
      fail(failure);
    }
  }

  if (!supported) return null;
  const button = (
    <div className="auth-passkey auth-passkey--needs-script">
      <p ref={errorRef} tabIndex={-1} role="alert" className={error ? "notice notice--error auth-error" : "auth-error--empty"}>
        {error}
      </p>
      <button type="button" className="button button--block auth-passkey__button" onClick={signIn} aria-disabled={pending || undefined}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="auth-passkey__icon">
          <circle cx="9" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M2 20c0-3.3 3.1-6 7-6 1.4 0 2.7.3 3.8.9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="18" cy="13" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M18 15.5V21l1.5-1.2M18 18.5l1.5-1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {label}
      </button>
    </div>
  );
  if (divider === undefined) return button;
  return (
    <section className="auth-federated auth-passkey--needs-script" aria-label={label}>
      <p className="auth-federated__title" aria-hidden="true">
        {divider}
      </p>
      {button}
    </section>
  );
}
