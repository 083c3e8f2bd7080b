import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage } from "../api-messages";

/** What the page tells the member after removing an app's access, or failing to. */

export function removedMessage(appName: string): string {
  return `${appName} can no longer access your account.`;
}

export function removalFailedMessage(appName: string, error: Error): string {
  if (error instanceof PortalApiError && error.code === "not_found") {
    return `We couldn’t find ${appName} on your account any more. Its access may have been removed already.`;
  }
  return failedMessage(`remove access for ${appName}`, error);
}
