import type { CountryCode } from "libphonenumber-js";
import { envSchema } from "./env.ts";

/**
 * The church this deployment serves (CHURCH_NAME): page titles, calendar feed names, the TOTP issuer.
 * Parsed on its own with the same schema as the rest of the config, because static pages read it while
 * they are prerendered at build time, where the server's secrets need not be present.
 */
export function churchName(): string {
  return envSchema.shape.CHURCH_NAME.parse(process.env.CHURCH_NAME);
}

/**
 * The church's country (CHURCH_COUNTRY, default US): the member pages read phone numbers as they are written
 * there and show them back so. The one place it is read, so moving it into a church setting changes only
 * this function. Server code only: a page hands it to its client components as a prop.
 */
export function churchCountry(): CountryCode {
  return envSchema.shape.CHURCH_COUNTRY.parse(process.env.CHURCH_COUNTRY);
}

/** The church's time zone (CHURCH_TIME_ZONE, default America/New_York): a new event's until a campus is chosen. Server code only. */
export function churchTimeZone(): string {
  return envSchema.shape.CHURCH_TIME_ZONE.parse(process.env.CHURCH_TIME_ZONE);
}
