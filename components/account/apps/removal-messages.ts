import { PortalApiError } from "@/lib/portal-api/client";
import type { ApiMessages } from "../api-messages";

/** What the page tells the member after removing an app's access, or failing to, in the page's language. */
// i18n-namespace: AccountApps
export type RemovalTranslator = (key: "removed" | "notFound" | "removeFailed", values: { app: string }) => string;

export function removedMessage(t: RemovalTranslator, appName: string): string {
  return t("removed", { app: appName });
}

export function removalFailedMessage(t: RemovalTranslator, api: ApiMessages, appName: string, error: Error): string {
  if (error instanceof PortalApiError && error.code === "not_found") return t("notFound", { app: appName });
  return api.failed(t("removeFailed", { app: appName }), error);
}
