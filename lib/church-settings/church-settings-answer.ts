import type { Church } from "./church.ts";
import type { ChurchSettingsAnswer } from "./schemas.ts";

/** The settings as the staff API answers them. */
export function churchSettingsAnswer(church: Church): ChurchSettingsAnswer {
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
    logo_url: church.logoPath,
    from_server: church.fromServer,
    version: church.version,
    updated_at: church.updatedAt.toISOString(),
  };
}
