import { env } from "./env.ts";

/** The church this deployment serves (CHURCH_NAME); shown in page titles, feeds and the TOTP issuer. */
export function churchName(): string {
  return env().CHURCH_NAME;
}
