import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { emailSchema } from "../accounts/schemas.ts";
import { brandColourProblem, HEX_COLOUR } from "./brand-colour.ts";
import { MAIL_SECURITY } from "./mail-server-address.ts";
import { LOCALES } from "../kernel/locales.ts";

/**
 * The church's settings (issue 39, /admin/settings): the staff API's body and answer. Pure zod, shared by the
 * route, the OpenAPI document, the settings page and the setup wizard. `null` sends a field back to the
 * server's own value (its environment), or to nothing where there is none.
 */

/** Characters no setting may hold: control and format characters, and angle brackets (they go into emails and headers). */
const UNSAFE = /[\p{Cc}\p{Cf}<>]/u;

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} cannot be empty`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine((value) => !UNSAFE.test(value), `${what} must not contain control characters or < >`);

export const churchNameSchema = text(100, "the name");
export const churchShortNameSchema = text(30, "the short name");

export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => isSupportedCountry(code), "must be a two-letter country code such as US, GB or MX");

/** Valid where this server's own Intl knows the zone (Node's ICU: the IANA database). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}
export const timeZoneSchema = z.string().trim().max(64).refine(isTimeZone, "must be a time zone such as America/New_York or Europe/London");

const webAddress = z
  .string()
  .trim()
  .max(500, "must be at most 500 characters")
  .pipe(z.url({ protocol: /^https?$/, error: "must be a web address starting with https://" }))
  .refine((value) => !/^https?:\/\/[^/]*@/.test(value), "must not contain a user name or password");

export const brandColourSchema = z
  .string()
  .trim()
  .regex(HEX_COLOUR, "must be a colour written like #0f4c5c")
  .transform((value) => value.toLowerCase())
  .superRefine((value, context) => {
    const problem = brandColourProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const updateChurchSettingsBodySchema = z
  .strictObject({
    name: churchNameSchema.nullable().optional(),
    short_name: churchShortNameSchema.nullable().optional(),
    country: countrySchema.nullable().optional(),
    time_zone: timeZoneSchema.nullable().optional(),
    contact_email: emailSchema.nullable().optional(),
    website_url: webAddress.nullable().optional(),
    privacy_url: webAddress.nullable().optional(),
    terms_url: webAddress.nullable().optional(),
    email_sender_name: text(100, "the sender name").nullable().optional(),
    brand_colour: brandColourSchema.nullable().optional(),
    default_locale: z.enum(LOCALES).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "must change at least one field")
  .meta({ id: "UpdateChurchSettingsBody", description: "Only the fields sent change; `null` returns a field to the server's own value." });
export type UpdateChurchSettingsBody = z.output<typeof updateChurchSettingsBodySchema>;

/** A server's name (smtp.example.org) or its IPv4 or IPv6 address. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f]*:[0-9a-f:.]+)$/;

/** The mail server as an administrator describes it (the setup wizard, /admin/settings). */
export const mailServerFields = {
  host: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/^\[|\]$/g, ""))
    .refine((value) => HOST_NAME.test(value) || IP_ADDRESS.test(value), "must be the mail server's name, such as smtp.example.org"),
  port: z.number().int().min(1, "must be a port from 1 to 65535").max(65535, "must be a port from 1 to 65535"),
  security: z.enum(MAIL_SECURITY).meta({ description: "`starttls` (port 587), `tls` (port 465), or `none` (a relay on the church's own network, without a password)." }),
  username: text(200, "the user name").nullable().optional(),
  password: z.string().min(1, "the password cannot be empty").max(200, "the password must be at most 200 characters").nullable().optional().meta({
    description: "Left out: the saved password is kept (the same server and user name). Never answered.",
  }),
  from_address: emailSchema.meta({ description: "The address emails come from (the sender name is `email_sender_name`)." }),
};

/** A password goes only over an encrypted connection. */
export function refuseClearPassword(body: { security: string; username?: string | null; password?: string | null }, context: z.RefinementCtx): void {
  if (body.security === "none" && (body.username || body.password)) {
    context.addIssue({ code: "custom", path: ["security"], message: "a user name and password are sent only over an encrypted connection: choose STARTTLS or TLS" });
  }
}

export const mailServerBodySchema = z
  .strictObject(mailServerFields)
  .superRefine(refuseClearPassword)
  .meta({ id: "MailServerBody", description: "The mail server emails are sent through. Its address is checked: a private or loopback one is refused unless the operator allows them." });
export type MailServerBody = z.output<typeof mailServerBodySchema>;

export const MailServerSchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    security: z.enum(MAIL_SECURITY),
    username: z.string().nullable(),
    from_address: z.string(),
    source: z.enum(["saved", "server"]).meta({ description: "`saved` here, or the `server`'s own (its SMTP_URL)." }),
  })
  .meta({ id: "MailServer", description: "The mail server in use; its password is never answered." });
export type MailServerAnswer = z.output<typeof MailServerSchema>;

export const sendTestEmailBodySchema = z.strictObject({ to: emailSchema }).meta({ id: "SendTestEmailBody" });

export const TestEmailSchema = z
  .object({
    sent: z.boolean(),
    problem: z.string().nullable().meta({ description: "The mail server's refusal in its own words (addresses removed), or why it could not be reached." }),
  })
  .meta({ id: "TestEmail" });

/** The logo's largest size: enough for a sharp mark at any size the pages show it, small enough for a phone. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const uploadChurchLogoBodySchema = z
  .strictObject({
    /** A data URL: `data:image/png;base64,…`. */
    image: z
      .string()
      .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 64, `the logo must be at most ${LOGO_MAX_BYTES / 1024} KB`)
      .regex(/^data:[a-z/+.-]+;base64,[A-Za-z0-9+/]+={0,2}$/, "must be an image as a data URL (data:image/png;base64,…)"),
  })
  .meta({ id: "UploadChurchLogoBody", description: `A PNG, JPEG or WebP image of at most ${LOGO_MAX_BYTES / 1024} KB, as a data URL.` });

export const ChurchSettingsSchema = z
  .object({
    name: z.string(),
    short_name: z.string(),
    country: z.string(),
    time_zone: z.string(),
    contact_email: z.string().nullable(),
    website_url: z.string().nullable(),
    privacy_url: z.string().nullable(),
    terms_url: z.string().nullable(),
    email_sender_name: z.string(),
    brand_colour: z.string(),
    default_locale: z.enum(LOCALES).meta({ description: "The language of a visitor who has not chosen one, and of emails to members who have not." }),
    logo_url: z.string().nullable().meta({ description: "The logo's address, which changes with the image (cached for a year)." }),
    mail_server: MailServerSchema.nullable().meta({ description: "The mail server emails go through, or null: they wait in the outbox." }),
    /** Which fields hold the server's own value rather than one saved here. */
    from_server: z.array(z.string()).meta({ description: "The fields that show the server's own value (its environment), not one saved here." }),
    version: z.number().int(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "ChurchSettings", description: "The church's name and look, as every page and email uses them." });
export type ChurchSettingsAnswer = z.output<typeof ChurchSettingsSchema>;
