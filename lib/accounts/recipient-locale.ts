import "server-only";
import { readChurch } from "../church-settings/church.ts";
import type { Database } from "../db/database.ts";
import { appLocaleOf, type AppLocale } from "../kernel/locales.ts";

/**
 * The language a message to a person is written in (issue 41): the one they chose (Account › Profile, or the
 * language they registered in); else, when they are the one acting, the language of the page they are on
 * (registering, asking for a code); else the church's own (/admin/settings). A message caused by somebody
 * else (staff, a guardian) never takes that person's language.
 */
export async function recipientLocale(database: Database, saved: string | null | undefined, actingLocale: AppLocale | null = null): Promise<AppLocale> {
  return appLocaleOf(saved) ?? actingLocale ?? (await readChurch(database)).defaultLocale;
}
