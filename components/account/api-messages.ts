import { PortalApiError } from "@/lib/portal-api/client";

/**
 * Turning the identity API's refusals into words for the member. The API's descriptions are short
 * phrases ("consent not found"); shown on a page they read better as sentences.
 */

export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** "We couldn’t <what>. <the API's reason>", with a plain fallback when the API gave none. */
export function failedMessage(what: string, error: Error): string {
  return `We couldn’t ${what}. ${asSentence(error.message) || "Please try again."}`;
}

/** How long a member must wait after too many attempts, in words; null when the refusal is not that. */
export function waitMessage(error: Error): string | null {
  if (!(error instanceof PortalApiError) || error.status !== 429) return null;
  const seconds = error.retryAfterSeconds;
  if (!seconds) return "Too many attempts. Wait a little, then try again.";
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `Too many attempts. Try again in ${seconds} seconds.` : `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The API's reason for one field ("new_password: Use at least 8 characters."), as the sentence under that field; null for any other refusal. */
export function fieldRefusal(error: Error | null, field: string): string | null {
  if (!(error instanceof PortalApiError) || error.status !== 400) return null;
  const prefix = `${field}: `;
  return error.message.startsWith(prefix) ? asSentence(error.message.slice(prefix.length)) : null;
}
