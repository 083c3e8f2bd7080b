"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { AppLocale } from "@/lib/kernel/locales";
import { PortalApiError } from "@/lib/portal-api/client";

/**
 * Turning the identity API's refusals into words for the member (issue 41). The API's descriptions are short
 * English phrases ("consent not found"), as the contract words them; on an English page they read better as
 * sentences, on a page in another language they are not shown: a sentence of the page's own takes their place.
 * Every page's message provider (components/i18n/client-messages.tsx) carries the words these need.
 */

export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

export interface ApiMessages {
  /** The API's reason for a refusal as a sentence in the page's language. */
  reason(error: Error): string;
  /** A whole sentence of the page’s ("We couldn’t turn it off.") followed by the reason. */
  failed(sentence: string, error: Error): string;
  /** How long a member must wait after too many attempts, in words; null when the refusal is not that. */
  wait(error: Error): string | null;
  /** The API's reason for one field ("new_password: Use at least 8 characters.") as the sentence under it; null for any other refusal. */
  fieldRefusal(error: Error | null, field: string): string | null;
}

// i18n-uses: ApiMessages.*
/** The words the functions below need: the "ApiMessages" and "AttemptLimits" namespaces. */
export interface ApiMessageWords {
  (key: "tryAgain" | "offline" | "serverTrouble" | "checkField" | "waitALittle"): string;
  wait(unit: "seconds" | "minutes", count: number): string;
}

export function apiMessagesIn(locale: AppLocale, words: ApiMessageWords): ApiMessages {
  function reason(error: Error): string {
    if (locale === "en") return asSentence(error.message) || words("tryAgain");
    if (error instanceof PortalApiError && error.code === "network_error") return words("offline");
    if (error instanceof PortalApiError && error.status >= 500) return words("serverTrouble");
    return words("tryAgain");
  }
  return {
    reason,
    failed: (sentence, error) => `${sentence} ${reason(error)}`,
    wait(error) {
      if (!(error instanceof PortalApiError) || error.status !== 429) return null;
      const seconds = error.retryAfterSeconds;
      if (!seconds) return words("waitALittle");
      return seconds < 60 ? words.wait("seconds", seconds) : words.wait("minutes", Math.ceil(seconds / 60));
    },
    fieldRefusal(error, field) {
      if (!(error instanceof PortalApiError) || error.status !== 400) return null;
      const prefix = `${field}: `;
      if (!error.message.startsWith(prefix)) return null;
      return locale === "en" ? asSentence(error.message.slice(prefix.length)) : words("checkField");
    },
  };
}

/** The API’s refusals in the page’s language: `api.failed(sentence, error)` with `const api = useApiMessages()`. */
export function useApiMessages(): ApiMessages {
  const locale = useLocale();
  const t = useTranslations("ApiMessages");
  const limits = useTranslations("AttemptLimits");
  return useMemo(() => {
    const words = Object.assign((key: Parameters<ApiMessageWords>[0]) => t(key), {
      wait: (unit: "seconds" | "minutes", count: number) => (unit === "seconds" ? limits("waitSeconds", { seconds: count }) : limits("waitMinutes", { minutes: count })),
    });
    return apiMessagesIn(locale, words);
  }, [locale, t, limits]);
}
