import "server-only";
import type { Church } from "./church.ts";
import { describeMailServer } from "./mail-server.ts";
import type { ChurchSettingsAnswer } from "./schemas.ts";
import type { Database } from "../db/database.ts";

/** The settings as the staff API answers them: the mail server without its password. */
export async function churchSettingsAnswer(database: Database, church: Church): Promise<ChurchSettingsAnswer> {
  return {
    name: church.name,
    short_name: church.shortName,
    country: church.country,
    time_zone: church.timeZone,
    contact_email: church.contactEmail,
    website_url: church.websiteUrl,
    privacy_url: church.privacyUrl,
    terms_url: church.termsUrl,
    email_sender_name: church.emailSenderName,
    brand_colour: church.brandColour,
    default_locale: church.defaultLocale,
    logo_url: church.logoPath,
    mail_server: await describeMailServer(database),
    from_server: church.fromServer,
    version: church.version,
    updated_at: church.updatedAt.toISOString(),
  };
}
