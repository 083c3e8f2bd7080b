import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { asSentence, useApiMessages } from "@/components/account/api-messages";
import { PortalApiError } from "@/lib/portal-api/client";

/**
 * A refusal of the household routes (and the other office forms), split the way the forms show it: one that
 * names a field of the form (`name: must be from 1 to 100 characters`) goes under that field, in a sentence;
 * anything else above it.
 */

export interface SplitRefusal<Field extends string> {
  field: Field | null;
  message: string;
}

const FIELD_REFUSAL = /^([a-z_]+)(?:\.\d+)?: (.+)$/;

/**
 * In the page's language (issue 41): `const split = useSplitRefusal(); split(error, ["name"], t("saveFailed"))`,
 * `failed` being the whole first sentence ("We couldn’t save the household."). Under a field, the API's words
 * as a sentence in English, a sentence of the page's own in any other language (ApiMessages.checkField);
 * above the form, `failed` and the reason (useApiMessages). `inOtherLanguages` may say a field's sentence more
 * precisely than "check what you typed", from the field and the API's English words.
 */
export function useSplitRefusal(): <Field extends string>(
  error: Error | null,
  fields: readonly Field[],
  failed: string,
  inOtherLanguages?: (field: Field, apiWords: string) => string,
) => SplitRefusal<Field> {
  const locale = useLocale();
  const api = useApiMessages();
  const fieldSentence = useFieldSentence();
  return useCallback(
    <Field extends string>(error: Error | null, fields: readonly Field[], failed: string, inOtherLanguages?: (field: Field, apiWords: string) => string): SplitRefusal<Field> => {
      if (!error) return { field: null, message: "" };
      if (error instanceof PortalApiError) {
        const match = FIELD_REFUSAL.exec(error.message);
        const field = fields.find((name) => name === match?.[1]);
        if (match && field) return { field, message: locale !== "en" && inOtherLanguages ? inOtherLanguages(field, match[2]!) : fieldSentence(match[2]!) };
      }
      return { field: null, message: api.failed(failed, error) };
    },
    [api, fieldSentence, locale],
  );
}

/** The API's words about one field as the sentence under it: in English the API's own, capitalised and ended; otherwise ApiMessages.checkField. */
export function useFieldSentence(): (apiWords: string) => string {
  const locale = useLocale();
  const apiMessages = useTranslations("ApiMessages");
  return useCallback((words: string) => (locale === "en" ? sentence(words) : apiMessages("checkField")), [locale, apiMessages]);
}

/**
 * English only, for a form not yet translated: `doing` as the old sentence said it ("save the settings" →
 * "We couldn’t save the settings. <the API's reason>"). Prefer useSplitRefusal.
 */
export function splitRefusal<Field extends string>(error: Error | null, fields: readonly Field[], doing: string): SplitRefusal<Field> {
  if (!error) return { field: null, message: "" };
  if (error instanceof PortalApiError) {
    const match = FIELD_REFUSAL.exec(error.message);
    if (match && (fields as readonly string[]).includes(match[1]!)) return { field: match[1] as Field, message: sentence(match[2]!) };
  }
  return { field: null, message: `We couldn’t ${doing}. ${asSentence(error.message) || "Please try again."}` };
}

/** The API's words as a sentence: a capital first, a full stop last (unless they end with one). */
function sentence(words: string): string {
  const capitalised = words.replace(/^./, (first) => first.toUpperCase());
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** A person's name as the pages show it. */
export const fullName = (person: { given_name: string; family_name: string }) => `${person.given_name} ${person.family_name}`;
