import { failedMessage } from "@/components/account/api-messages";
import { PortalApiError } from "@/lib/portal-api/client";

/**
 * A refusal of the household routes, split the way the forms show it: one that names a field of the form
 * (`name: must be from 1 to 100 characters`) goes under that field, in a sentence; anything else above it.
 */
export function splitRefusal<Field extends string>(error: Error | null, fields: readonly Field[], doing: string): { field: Field | null; message: string } {
  if (!error) return { field: null, message: "" };
  if (error instanceof PortalApiError) {
    const match = /^([a-z_]+)(?:\.\d+)?: (.+)$/.exec(error.message);
    if (match && (fields as readonly string[]).includes(match[1]!)) return { field: match[1] as Field, message: sentence(match[2]!) };
  }
  return { field: null, message: failedMessage(doing, error) };
}

/** The API's words as a sentence: a capital first, a full stop last (unless they end with one). */
function sentence(words: string): string {
  const capitalised = words.replace(/^./, (first) => first.toUpperCase());
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** A person's name as the pages show it. */
export const fullName = (person: { given_name: string; family_name: string }) => `${person.given_name} ${person.family_name}`;
