import type { CountryCode } from "libphonenumber-js";
import { sharedFreshRead } from "../async/shared-fresh-read.ts";
import { DEFAULT_BRAND_COLOUR } from "./brand-colour.ts";
import type { Database } from "../db/database.ts";
import { envSchema } from "../env.ts";
import { appLocaleOf, type AppLocale } from "../kernel/locales.ts";
import { describeError, logLine } from "../log/json-log.ts";

/**
 * The church this deployment serves (issue 39): its name and look, as every page, email, calendar feed and the
 * kiosk show them. An administrator sets them at /admin/settings (or the setup wizard); until they do, the
 * server's environment gives the first values (CHURCH_NAME, CHURCH_COUNTRY, CHURCH_TIME_ZONE).
 *
 * Read through a per-database cache every instance keeps fresh: on PostgreSQL one primary-key read of the
 * one settings row, shared by the requests that arrive while it runs (lib/async/shared-fresh-read.ts), so a
 * change saved on any instance is in the next answer of every other, as the calendar's version counter does;
 * on the embedded database, which only this process writes, no read at all until this process saves a change.
 */
export interface Church {
  name: string;
  shortName: string;
  country: CountryCode;
  timeZone: string;
  contactEmail: string | null;
  websiteUrl: string | null;
  privacyUrl: string | null;
  termsUrl: string | null;
  /** The name emails come from ("Grace Harbor Church" <no-reply@…>). */
  emailSenderName: string;
  brandColour: string;
  /** The language of a visitor who has not chosen one, and of emails to members who have not. */
  defaultLocale: AppLocale;
  /** Path of the logo (changes with the image), or null: the portal's own mark is shown. */
  logoPath: string | null;
  /** The settings that come from the server's environment, not from a saved value. */
  fromServer: string[];
  /**
   * The mail server saved here (the setup wizard or /admin/settings), its address sealed: read only by the
   * outbox's transport (lib/outbox/mail-server.ts), never shown. Null: the server's SMTP_URL, if it has one.
   */
  savedMailServer: { encryptedUrl: string; from: string } | null;
  /** Whether the name is the church's own (saved, or set by the operator's CHURCH_NAME), not the built-in example. */
  named: boolean;
  version: number;
  updatedAt: Date;
}

interface SettingsRow {
  name: string | null;
  short_name: string | null;
  country: string | null;
  time_zone: string | null;
  contact_email: string | null;
  website_url: string | null;
  privacy_url: string | null;
  terms_url: string | null;
  email_sender_name: string | null;
  brand_colour: string | null;
  default_locale: string | null;
  logo_hash: string | null;
  logo_type: string | null;
  smtp_url_encrypted: string | null;
  smtp_from: string | null;
  version: number;
  updated_at: Date;
}

/** What a church that has not named itself is called: by its portal, never by another church's name. */
export const UNNAMED_CHURCH = "Member portal";

/** The server's own values: the environment's, parsed with the configuration's schema (pages prerendered at build read them without the server's secrets). */
export function churchDefaults(): Pick<Church, "name" | "country" | "timeZone" | "defaultLocale"> {
  return {
    name: envSchema.shape.CHURCH_NAME.parse(process.env.CHURCH_NAME) ?? UNNAMED_CHURCH,
    country: envSchema.shape.CHURCH_COUNTRY.parse(process.env.CHURCH_COUNTRY),
    timeZone: envSchema.shape.CHURCH_TIME_ZONE.parse(process.env.CHURCH_TIME_ZONE),
    defaultLocale: envSchema.shape.CHURCH_LOCALE.parse(process.env.CHURCH_LOCALE),
  };
}

/**
 * Where the church's name goes in a message's subject and body: the outbox writer fills it in with the name
 * saved at the time (lib/outbox/enqueue-message.ts), so the builders of messages stay plain functions.
 * A private-use character pair, which no name or sentence of ours holds.
 */
export const CHURCH_NAME_SLOT = "\uE000church\uE000";

/** The text with the church's name in its slots. */
export function withChurchName(text: string, name: string): string {
  return text.replaceAll(CHURCH_NAME_SLOT, name);
}

const LOGO_EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** Where the logo of this hash and type is served (app/branding/logo/[file]/route.ts). */
export function logoPathOf(hash: string, contentType: string): string {
  return `/branding/logo/${hash}.${LOGO_EXTENSIONS[contentType] ?? "img"}`;
}

/** The settings with the server's values filled in. Exported for the settings' service tests. */
export function churchOf(row: SettingsRow | undefined): Church {
  const defaults = churchDefaults();
  const fromServer: string[] = [];
  const pick = <T>(saved: T | null | undefined, fallback: T, field: string): T => {
    if (saved === null || saved === undefined) {
      fromServer.push(field);
      return fallback;
    }
    return saved;
  };
  const name = pick(row?.name, defaults.name, "name");
  return {
    name,
    shortName: pick(row?.short_name, name, "short_name"),
    country: pick(row?.country as CountryCode | null | undefined, defaults.country, "country"),
    timeZone: pick(row?.time_zone, defaults.timeZone, "time_zone"),
    contactEmail: row?.contact_email ?? null,
    websiteUrl: row?.website_url ?? null,
    privacyUrl: row?.privacy_url ?? null,
    termsUrl: row?.terms_url ?? null,
    emailSenderName: pick(row?.email_sender_name, name, "email_sender_name"),
    brandColour: pick(row?.brand_colour, DEFAULT_BRAND_COLOUR, "brand_colour"),
    defaultLocale: pick(appLocaleOf(row?.default_locale ?? null), defaults.defaultLocale, "default_locale"),
    logoPath: row?.logo_hash && row.logo_type ? logoPathOf(row.logo_hash, row.logo_type) : null,
    savedMailServer: row?.smtp_url_encrypted && row.smtp_from ? { encryptedUrl: row.smtp_url_encrypted, from: row.smtp_from } : null,
    fromServer,
    named: !fromServer.includes("name") || Boolean(process.env.CHURCH_NAME),
    version: row?.version ?? 0,
    updatedAt: row?.updated_at ?? new Date(0),
  };
}

const SETTINGS_SQL = `SELECT s.name, s.short_name, s.country, s.time_zone, s.contact_email, s.website_url, s.privacy_url, s.terms_url,
  s.email_sender_name, s.brand_colour, s.default_locale, s.logo_hash, l.content_type AS logo_type, s.smtp_url_encrypted, s.smtp_from, s.version, s.updated_at
  FROM church_settings s LEFT JOIN church_logo l ON l.hash = s.logo_hash WHERE s.id = 1`;

const readers = new WeakMap<Database, () => Promise<Church>>();
/** On the embedded database: what was read, and this process's count of saved changes when it was read. */
const embeddedCopies = new WeakMap<Database, { changes: number; church: Church }>();
/**
 * This process's count of saved changes, on globalThis: Next compiles the routes and the pages into separate
 * bundles, each with its own copy of this module, and a save through one must be seen by the others.
 */
const CHANGES_KEY = Symbol.for("church.settings-changes");
type GlobalWithChanges = typeof globalThis & { [CHANGES_KEY]?: number };
const holder = globalThis as GlobalWithChanges;
const savedChanges = () => holder[CHANGES_KEY] ?? 0;
/** The server's values shown while the row could not be read: never kept as the embedded copy. */
const unread = new WeakSet<Church>();

/** Called by every write of the settings once it is committed: the embedded database's copy is then read again. */
export function churchSettingsChanged(): void {
  holder[CHANGES_KEY] = savedChanges() + 1;
}

export async function readChurch(database: Database): Promise<Church> {
  if (database.calendarChanges) {
    // The embedded database: only this process writes to it (see the header).
    const copy = embeddedCopies.get(database);
    if (copy && copy.changes === savedChanges()) return copy.church;
    const changes = savedChanges();
    const church = await sharedRead(database);
    if (!unread.has(church)) embeddedCopies.set(database, { changes, church });
    return church;
  }
  return sharedRead(database);
}

function sharedRead(database: Database): Promise<Church> {
  let read = readers.get(database);
  if (!read) {
    read = sharedFreshRead(async () => {
      try {
        const [row] = await database.query<SettingsRow>(SETTINGS_SQL);
        return churchOf(row);
      } catch (error) {
        // A page still shows during a database blip, with the server's own values; nothing is kept of it.
        logLine("warn", "church settings not read: the server's own values are shown", describeError(error));
        const church = churchOf(undefined);
        unread.add(church);
        return church;
      }
    });
    readers.set(database, read);
  }
  return read();
}
