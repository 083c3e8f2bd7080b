import { envSchema } from "./env.ts";

/**
 * The church this deployment serves (CHURCH_NAME): page titles, calendar feed names, the TOTP issuer.
 * Parsed on its own with the same schema as the rest of the config, because static pages read it while
 * they are prerendered at build time, where the server's secrets need not be present.
 */
export function churchName(): string {
  return envSchema.shape.CHURCH_NAME.parse(process.env.CHURCH_NAME);
}
