import { PortalApiError } from "@/lib/portal-api/client";

/** What the page tells the member after removing an app's access, or failing to. */

export function removedMessage(appName: string): string {
  return `${appName} can no longer access your account.`;
}

/** The API's descriptions are short phrases ("consent not found"); shown to a member they read as sentences. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

export function removalFailedMessage(appName: string, error: Error): string {
  if (error instanceof PortalApiError && error.code === "not_found") {
    return `We couldn’t find ${appName} on your account any more. Its access may have been removed already.`;
  }
  return `We couldn’t remove access for ${appName}. ${asSentence(error.message) || "Please try again."}`;
}
