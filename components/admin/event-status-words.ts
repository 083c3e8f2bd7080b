import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { EventStatus } from "@/lib/calendar/schemas";

// i18n-uses: AdminEvents.statuses.*

/**
 * An event's status as the office says it (ACTIVE and COMPLETED are read off the clock, docs/decisions/0034),
 * in the page's language: the "AdminEvents.statuses" messages.
 */
export function useEventStatusWords(): (status: EventStatus) => string {
  const t = useTranslations("AdminEvents.statuses");
  return useCallback((status: EventStatus) => t(status), [t]);
}
