import { isSupportedCountry, type CountryCode } from "libphonenumber-js";
import { IANAZone } from "luxon";
import { z } from "zod";
import { parseTrustedProxies, TrustedProxiesError, type TrustedProxies } from "./kernel/trusted-proxies.ts";
import { FALLBACK_LOCALE, LOCALES } from "./kernel/locales.ts";

/**
 * The process configuration, read once from the environment and validated. Every variable is documented
 * in .env.example. A missing or bad value throws an error that names it; instrumentation.ts turns that
 * into a failed start-up rather than a half-working server.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ""))
  .pipe(z.url({ protocol: /^https?$/ }))
  .optional();

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** PostgreSQL connection string. Absent: the embedded PGlite database in PGLITE_DATA_DIR. */
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string").optional(),
  ),
  /**
   * Connections that run the public feed's pages on their generic plan (docs/decisions/0030): each sets
   * plan_cache_mode for its session. 0 behind a transaction-mode pooler (PgBouncer's pool_mode=transaction),
   * where a session setting would reach other clients' statements. Default 5, and 0 on Vercel, whose
   * deployments use a pooled URL.
   */
  DATABASE_GENERIC_PLAN_CONNECTIONS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(20).optional()),
  /** Folder of the embedded database; created, migrated and seeded on first start. */
  PGLITE_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(".data/pglite")),
  /** Public origin of the app: the OIDC issuer and the base of absolute links. */
  BASE_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /** Public base of the calendar API when a dedicated host rewrites to it; default BASE_URL + /api/calendar. */
  CALENDAR_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /** Origin of the artwork in imageUrl (a CDN); default BASE_URL. */
  ASSET_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /** Key for signing calendar cursors and other opaque values; at least 32 characters of randomness. */
  APP_SECRET: z.string({ error: "is required (at least 32 characters; `openssl rand -base64 32`)" }).min(32, "must be at least 32 characters"),
  /** Seconds a calendar response may be reused by this process and by CDNs (s-maxage). 0 turns the in-process cache off. */
  CALENDAR_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * The church's name until an administrator saves one (/admin/settings, the setup wizard): page titles,
   * calendar feed names, emails, the TOTP issuer. Unset, a church that has not named itself is "Member portal".
   */
  CHURCH_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).optional()),
  /**
   * The church's country (ISO 3166-1 alpha-2, e.g. US, GB): members may type phone numbers as they are written
   * there, without + and the country code, and numbers are shown back that way. Read through churchCountry()
   * (lib/church.ts) only.
   */
  CHURCH_COUNTRY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .refine(isSupportedCountry, "must be a two-letter country code (ISO 3166-1 alpha-2) such as US, GB or CA")
      .transform((code) => code as CountryCode)
      .default("US"),
  ),
  /**
   * The church's time zone (IANA, e.g. America/Chicago): a new event's, until a campus with its own is chosen.
   * Read through churchTimeZone() (lib/church.ts) only.
   */
  CHURCH_TIME_ZONE: z.preprocess(
    emptyAsUndefined,
    z.string().trim().refine((zone) => IANAZone.isValidZone(zone), "must be an IANA time zone such as America/New_York or Europe/London").default("America/New_York"),
  ),
  /**
   * The church's language (issue 41): what a page speaks when neither the member, the app that sent them, the
   * language switcher nor the browser chooses one of ours. Read through requestLocale() (lib/i18n) only.
   */
  CHURCH_LOCALE: z.preprocess(emptyAsUndefined, z.enum(LOCALES).default(FALLBACK_LOCALE)),
  /** Where servers reach the identity service (token, userinfo, JWKS); default BASE_URL. Tokens keep iss = BASE_URL. */
  BACKCHANNEL_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /** JWS algorithm of access tokens: ES256 (default, fast to sign) or RS256 (RFC 9068's mandatory one). */
  ACCESS_TOKEN_SIGNING_ALG: z.preprocess(emptyAsUndefined, z.enum(["ES256", "RS256"]).default("ES256")),
  /** The portal's own OAuth client (first-party). The demo seed registers `portal` with a secret derived from APP_SECRET. */
  PORTAL_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).default("portal")),
  /** Secret of the portal's client; default derived from APP_SECRET (what the demo seed registers). */
  PORTAL_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** SMTP server for email, e.g. smtp://user:pass@mail.example.org:587. Absent: mail stays in the outbox. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  /** Sender of outgoing email. */
  SMTP_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default("no-reply@localhost")),
  /**
   * HTTP gateway for SMS (docs/decisions/0010-recovery-contacts-and-phone.md): each text is POSTed as JSON
   * `{ to, from, body }`. Absent: SMS stay in the outbox (readable at /dev/outbox in development).
   */
  SMS_GATEWAY_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /** Sent as `Authorization: Bearer <token>` to the SMS gateway. */
  SMS_GATEWAY_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(8, "must be at least 8 characters").optional()),
  /** Sender of outgoing SMS (a number in E.164 or an alphanumeric sender id); default the church's name, clipped to 11 characters. */
  SMS_FROM: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(20).optional()),
  /** Show the outbox (every email and SMS written) at /dev/outbox. Always on in development; never turn on in production. */
  DEV_OUTBOX: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")).transform((v) => v === "true"),
  /** Outbound calls (back-channel logout to clients, webhooks, the SMS gateway) may reach loopback and private addresses, and webhooks plain http: tests and a private network only. */
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")).transform((v) => v === "true"),
  /** Days a requested account deletion waits before `npm run privacy:run-deletions` carries it out; the member may cancel meanwhile. */
  PRIVACY_DELETION_GRACE_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(365).default(14)),
  /**
   * Age (whole years) at which a dependant comes of age: their guardianships end and they own their account
   * (`scripts/guardianships-end-at-majority.ts`), and members of that age join a family as adults.
   */
  AGE_OF_MAJORITY: z.preprocess(emptyAsUndefined, z.coerce.number().int("must be a whole number").min(14, "must be at least 14").max(25, "must be at most 25").default(18)),
  /**
   * Bearer secret of the scheduled-job routes (GET /api/cron/<job>), which Vercel Cron calls with
   * `Authorization: Bearer $CRON_SECRET`. Absent: those routes answer not_found (schedule the npm scripts instead).
   */
  CRON_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * Who may tell us the client's address (lib/kernel/trusted-proxies.ts): unset or `none` (the socket's peer;
   * X-Forwarded-For ignored), a number of proxy hops, addresses and CIDR ranges (`loopback`, `private`), or
   * `vercel` (the default on Vercel). Checked and parsed by parseEnv.
   */
  TRUSTED_PROXIES: z.preprocess(emptyAsUndefined, z.string().max(2000).optional()),
  /**
   * Seed demo data into an empty embedded database on first start: `npm run demo` sets it. Off by default, so
   * `npm start` on an empty database starts empty (a church's own start).
   */
  SEED_DEMO_DATA: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")).transform((v) => v === "true"),
});

export type Env = Omit<z.infer<typeof envSchema>, "TRUSTED_PROXIES" | "DATABASE_GENERIC_PLAN_CONNECTIONS"> & {
  /** Resolved: the setting, or its default for where the app runs (5, and 0 on Vercel). */
  DATABASE_GENERIC_PLAN_CONNECTIONS: number;
  /** Parsed: who may tell us the client's address. */
  TRUSTED_PROXIES: TrustedProxies;
  BASE_URL: string;
  CALENDAR_URL: string;
  ASSET_URL: string;
  BACKCHANNEL_URL: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const problems = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  let trustedProxies: TrustedProxies | undefined;
  try {
    // Vercel sets VERCEL=1 in its functions' environment: there its own header is the default.
    trustedProxies = parseTrustedProxies(typeof source.TRUSTED_PROXIES === "string" ? source.TRUSTED_PROXIES.slice(0, 2000) : undefined, source.VERCEL === "1");
  } catch (error) {
    if (!(error instanceof TrustedProxiesError)) throw error;
    problems.push(`  TRUSTED_PROXIES: ${error.message}`);
  }
  if (!result.success || !trustedProxies) {
    throw new ConfigError(`Invalid configuration; fix these environment variables:\n${problems.join("\n")}`);
  }
  const env = result.data;
  const baseUrl = env.BASE_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    DATABASE_GENERIC_PLAN_CONNECTIONS: env.DATABASE_GENERIC_PLAN_CONNECTIONS ?? (source.VERCEL === "1" ? 0 : 5),
    TRUSTED_PROXIES: trustedProxies,
    BASE_URL: baseUrl,
    CALENDAR_URL: env.CALENDAR_URL ?? `${baseUrl}/api/calendar`,
    ASSET_URL: env.ASSET_URL ?? baseUrl,
    BACKCHANNEL_URL: env.BACKCHANNEL_URL ?? baseUrl,
  };
}

let cached: Env | undefined;

/** The validated configuration of this process, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
