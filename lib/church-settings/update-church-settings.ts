import "server-only";
import { churchSettingsChanged, readChurch, type Church } from "./church.ts";
import type { Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { UpdateChurchSettingsBody } from "./schemas.ts";

/**
 * Saves the fields sent (issue 39): `null` hands a field back to the server's own value. The version rises
 * with every save, so every instance's cached copy, and the theme's and logo's addresses, follow at once.
 */
export async function updateChurchSettings(database: Database, body: UpdateChurchSettingsBody): Promise<Church> {
  const data = {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.short_name !== undefined && { shortName: body.short_name }),
    ...(body.country !== undefined && { country: body.country }),
    ...(body.time_zone !== undefined && { timeZone: body.time_zone }),
    ...(body.contact_email !== undefined && { contactEmail: body.contact_email }),
    ...(body.website_url !== undefined && { websiteUrl: body.website_url }),
    ...(body.privacy_url !== undefined && { privacyUrl: body.privacy_url }),
    ...(body.terms_url !== undefined && { termsUrl: body.terms_url }),
    ...(body.email_sender_name !== undefined && { emailSenderName: body.email_sender_name }),
    ...(body.brand_colour !== undefined && { brandColour: body.brand_colour }),
    ...(body.default_locale !== undefined && { defaultLocale: body.default_locale }),
  };
  await saveChurchSettings(database, data);
  return readChurch(database);
}

/** The fields a save sets: plain values, the same for a row made and a row changed. */
type SettingsData = Omit<Prisma.ChurchSettingsCreateInput, "id" | "version" | "updatedAt">;

/** One save of the settings row (made if a database somehow lacks it), its version raised. */
export async function saveChurchSettings(database: Database, data: SettingsData): Promise<void> {
  await database.prisma.churchSettings.upsert({
    where: { id: 1 },
    create: { id: 1, ...data, version: 1 },
    update: { ...data, version: { increment: 1 }, updatedAt: new Date() },
    select: { id: true },
  });
  database.afterCommit(() => churchSettingsChanged());
}
