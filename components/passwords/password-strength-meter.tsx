"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { createTranslator } from "use-intl/core";
import { loadPasswordEstimator } from "@/lib/passwords/load-password-estimator";
import { judgeNewPassword, type PasswordEstimator, type PasswordOwner } from "@/lib/passwords/password-policy";
import {
  announcement,
  checkingState,
  lengthState,
  ruleSentence,
  uncheckedState,
  verdictState,
  type MeterState,
  type PasswordStrengthMessages,
  type PasswordStrengthT,
  type WarningSentences,
} from "./password-strength-words";
import styles from "./password-strength-meter.module.css";

/**
 * How strong the new password being typed is, and why, judged by the same rules and dictionaries as the
 * server (lib/passwords/password-policy.ts), which stays the authority: without JavaScript the form still
 * posts and the server refuses with the same sentence. The dictionaries are loaded when typing starts.
 *
 * Accessible: the level is written as a word ("Too easy to guess", "Fair", "Good", "Strong") beside the
 * bar, never colour alone; the sentence is the input's description, and a polite live region announces the
 * verdict once typing pauses, so a screen reader is not interrupted on every key.
 *
 * Its words are the "PasswordStrength" messages in the page's language (issue 41): handed to it as
 * `messages` by a page without a message provider (the identity pages' forms, passwordStrengthMessages()),
 * else read from the page's provider, which must then carry "PasswordStrength".
 */
export interface PasswordStrengthMeterProps {
  password: string;
  owner: PasswordOwner;
  /** The id the input's aria-describedby points at. */
  id: string;
  /** The "PasswordStrength" messages, when the page has no provider carrying them. */
  messages?: PasswordStrengthMessages;
}

const ANNOUNCE_AFTER_MS = 800;

/** zxcvbn's English warnings, to know which one a verdict quotes: the module the estimator loads, so no second download. */
function loadWarningSentences(): Promise<WarningSentences> {
  return import("@zxcvbn-ts/language-en").then((english) => english.translations.warnings);
}

interface Loaded {
  estimate: PasswordEstimator;
  warnings: WarningSentences;
}

export function PasswordStrengthMeter({ messages, ...props }: PasswordStrengthMeterProps) {
  return messages ? <MeterWithMessages {...props} messages={messages} /> : <MeterFromProvider {...props} />;
}

function MeterFromProvider(props: Omit<PasswordStrengthMeterProps, "messages">) {
  const t = useTranslations("PasswordStrength");
  return <Meter {...props} t={t} />;
}

function MeterWithMessages({ messages, ...props }: Omit<PasswordStrengthMeterProps, "messages"> & { messages: PasswordStrengthMessages }) {
  const locale = useLocale();
  const t = useMemo(() => createTranslator({ locale, messages: { PasswordStrength: messages }, namespace: "PasswordStrength" }), [locale, messages]);
  return <Meter {...props} t={t} />;
}

function Meter({ password, owner, id, t }: Omit<PasswordStrengthMeterProps, "messages"> & { t: PasswordStrengthT }) {
  const english = useLocale() === "en";
  const liveId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [announced, setAnnounced] = useState("");

  const started = password.length > 0;
  useEffect(() => {
    if (!started || loaded || failed) return;
    let live = true;
    Promise.all([loadPasswordEstimator(), loadWarningSentences()]).then(
      ([estimate, warnings]) => live && setLoaded({ estimate, warnings }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [started, loaded, failed]);

  const { email, givenName, familyName } = owner;
  const state: MeterState | null = !started
    ? null
    : (lengthState(password, t) ??
      (loaded
        ? verdictState(judgeNewPassword(password, { email, givenName, familyName }, loaded.estimate), t, { english, warnings: loaded.warnings })
        : failed
          ? uncheckedState(t)
          : checkingState(t)));

  const message = announcement(state, t);
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
          {ruleSentence(t)}
        </p>
      )}
      <p id={liveId} className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </div>
  );
}
