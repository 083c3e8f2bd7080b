import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pickMessages, SHARED_CLIENT_NAMESPACES } from "@/lib/i18n/pick-messages";

/**
 * The messages a page's browser-side components read with useTranslations (issue 41): only the namespaces
 * named, never the whole catalogue (a bare provider would send every page's words, some 60 KB compressed).
 * Locale and time zone come from the request's configuration (i18n/request.ts), so server and browser
 * format dates alike. A nested provider replaces its parent's messages, it does not add to them: name every
 * namespace the subtree reads. The root layout gives every page the shared ones (SHARED_CLIENT_NAMESPACES).
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, [...SHARED_CLIENT_NAMESPACES, ...namespaces])}>{children}</NextIntlClientProvider>;
}
