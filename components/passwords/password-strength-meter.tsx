"use client";

import { useEffect, useId, useState } from "react";
import { loadPasswordEstimator } from "@/lib/passwords/load-password-estimator";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  judgeNewPassword,
  passwordLength,
  type PasswordEstimator,
  type PasswordOwner,
  type PasswordVerdict,
} from "@/lib/passwords/password-policy";
import styles from "./password-strength-meter.module.css";

/**
 * How strong the new password being typed is, and why, judged by the same rules and dictionaries as the
 * server (lib/passwords/password-policy.ts), which stays the authority: without JavaScript the form still
 * posts and the server refuses with the same sentence. The dictionaries are loaded when typing starts.
 *
 * Accessible: the level is written as a word ("Too easy to guess", "Fair", "Good", "Strong") beside the
 * bar, never colour alone; the sentence is the input's description, and a polite live region announces the
 * verdict once typing pauses, so a screen reader is not interrupted on every key.
 */
export interface PasswordStrengthMeterProps {
  password: string;
  owner: PasswordOwner;
  /** The id the input's aria-describedby points at. */
  id: string;
}

const ANNOUNCE_AFTER_MS = 800;

type Shown = { level: 0 | 1 | 2 | 3 | 4; label: string; sentence: string };

function lengthOnly(password: string): Shown | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { level: 0, label: "Too short", sentence: `${length} of at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.` };
  if (length > PASSWORD_MAX_LENGTH) return { level: 0, label: "Too long", sentence: `Use at most ${PASSWORD_MAX_LENGTH} characters.` };
  return null;
}

function shown(verdict: PasswordVerdict): Shown {
  if (!verdict.ok) return { level: 1, label: "Too easy to guess", sentence: verdict.message };
  const label = verdict.score === 4 ? "Strong" : verdict.score === 3 ? "Good" : "Fair";
  return { level: verdict.score, label, sentence: verdict.advice };
}

export function PasswordStrengthMeter({ password, owner, id }: PasswordStrengthMeterProps) {
  const liveId = useId();
  const [estimator, setEstimator] = useState<PasswordEstimator | null>(null);
  const [failed, setFailed] = useState(false);
  const [announced, setAnnounced] = useState("");

  const started = password.length > 0;
  useEffect(() => {
    if (!started || estimator || failed) return;
    let live = true;
    loadPasswordEstimator().then(
      (loaded) => live && setEstimator(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [started, estimator, failed]);

  const { email, givenName, familyName } = owner;
  const state: Shown | null = !started
    ? null
    : (lengthOnly(password) ??
      (estimator
        ? shown(judgeNewPassword(password, { email, givenName, familyName }, estimator))
        : failed
          ? { level: 0, label: "", sentence: "We’ll check this password when you submit the form." }
          : { level: 0, label: "Checking…", sentence: "Checking this password against common ones…" }));

  const message = state ? `Password strength: ${state.label ? `${state.label}. ` : ""}${state.sentence}` : "";
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(message), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <div className={styles.meter}>
      {state ? (
        <>
          <div className={styles.row}>
            <span className={styles.bar} data-level={state.level} aria-hidden="true">
              {[1, 2, 3, 4].map((segment) => (
                <span key={segment} className={styles.segment} data-on={segment <= state.level || undefined} />
              ))}
            </span>
            {state.label ? <span className={styles.label}>{state.label}</span> : null}
          </div>
          <p id={id} className={styles.sentence}>
            {state.sentence}
          </p>
        </>
      ) : (
        <p id={id} className="visually-hidden">
          Use at least {PASSWORD_MIN_LENGTH} characters.
        </p>
      )}
      <p id={liveId} className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </div>
  );
}
