import type { AppLocale } from "../lib/kernel/locales.ts";
import type en from "../messages/en.json";

// next-intl's types know our languages and English's messages: a key that is not there is a type error.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof en;
  }
}
