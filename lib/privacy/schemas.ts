import { z } from "zod";

/**
 * Privacy data requests (decisions.md part 3, docs/decisions/0010): what the routes take and answer, and
 * the export document a member downloads. Pure zod, shared by the routes, the OpenAPI document, the
 * deletion command and the portal's privacy page.
 */

export const DATA_REQUEST_TYPE = { export: "export", deletion: "deletion" } as const;
export type DataRequestType = (typeof DATA_REQUEST_TYPE)[keyof typeof DATA_REQUEST_TYPE];

/**
 * `fulfilled`: an export that is ready (at once), or a deletion that was carried out. `pending`: a deletion
 * in its grace period. `cancelled`: a deletion the member called off.
 */
export const DATA_REQUEST_STATUS = { pending: "pending", fulfilled: "fulfilled", cancelled: "cancelled" } as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUS)[keyof typeof DATA_REQUEST_STATUS];

const TYPE_MESSAGE = "must be export or deletion";

/** POST /api/v1/privacy/data-requests/me. */
export const createDataRequestBodySchema = z
  .object({ type: z.enum([DATA_REQUEST_TYPE.export, DATA_REQUEST_TYPE.deletion], { error: TYPE_MESSAGE }) })
  .strict()
  .meta({ id: "CreateDataRequestBody" });
export type CreateDataRequestBody = z.output<typeof createDataRequestBodySchema>;

const instant = z.iso.datetime();

export const DataRequestSchema = z
  .object({
    id: z.uuid(),
    type: z.enum([DATA_REQUEST_TYPE.export, DATA_REQUEST_TYPE.deletion]),
    status: z.enum([DATA_REQUEST_STATUS.pending, DATA_REQUEST_STATUS.fulfilled, DATA_REQUEST_STATUS.cancelled]),
    created_at: instant,
    /** A deletion only: when it is carried out unless cancelled first (the end of the grace period). */
    due_at: instant.optional(),
    /** When the export was built (equal to created_at), or the deletion carried out. */
    fulfilled_at: instant.optional(),
    /** A cancelled deletion only. */
    cancelled_at: instant.optional(),
  })
  .meta({ id: "DataRequest", description: "A privacy data request. Timestamps that do not apply are left out." });
export type DataRequest = z.infer<typeof DataRequestSchema>;

export const DataRequestListSchema = z.object({ requests: z.array(DataRequestSchema) }).meta({ id: "DataRequestList" });
export type DataRequestList = z.infer<typeof DataRequestListSchema>;

// ─── The export document ────────────────────────────────────────────────────────────────────────────
// Every record the product keeps about the member, each kind in a section of its own. Nothing secret
// (no password hash, TOTP secret, recovery-code hash, token or token hash, message body that may carry a
// code) and nothing about another person. Absent values are null: it is a document to read, not an API.

const nullableInstant = instant.nullable();

const ExportProfileSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  email_verified_at: nullableInstant,
  given_name: z.string(),
  family_name: z.string(),
  phone: z.string().nullable(),
  phone_verified_at: nullableInstant,
  birth_date: z.string().nullable(),
  locale: z.string().nullable(),
  /** Whether the account has a password (never the password or its hash). */
  has_password: z.boolean(),
  roles: z.array(z.string()),
  created_at: instant,
  updated_at: instant,
});

const ExportTwoFactorSchema = z.object({
  status: z.enum(["disabled", "pending", "enabled"]),
  set_up_at: nullableInstant,
  enabled_at: nullableInstant,
  recovery_codes_total: z.number().int().min(0),
  recovery_codes_used: z.number().int().min(0),
});

const ExportSessionSchema = z.object({
  id: z.uuid(),
  created_at: instant,
  last_seen_at: instant,
  expires_at: instant,
  revoked_at: nullableInstant,
  authenticated_at: instant,
  /** How the member proved who they were (`pwd`, `otp`, ...). */
  methods: z.array(z.string()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});

const ExportAppAuthorizationSchema = z.object({
  id: z.uuid(),
  client_id: z.string(),
  client_name: z.string(),
  scope: z.string(),
  session_id: z.uuid().nullable(),
  created_at: instant,
  revoked_at: nullableInstant,
  revoked_reason: z.string().nullable(),
});

const ExportConsentSchema = z.object({
  id: z.uuid(),
  client_id: z.string(),
  client_name: z.string(),
  scopes: z.array(z.string()),
  status: z.string(),
  granted_at: instant,
  revoked_at: nullableInstant,
});

const ExportSecurityEventSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  created_at: instant,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

/** The member's side of a guardianship; the other person is not named (their data is not the member's). */
const ExportGuardianshipSchema = z.object({
  id: z.uuid(),
  role: z.enum(["guardian", "dependent"]),
  created_at: instant,
  ended_at: nullableInstant,
});

const ExportVerificationCodeSchema = z.object({
  id: z.uuid(),
  purpose: z.string(),
  sent_to: z.string(),
  attempts: z.number().int().min(0),
  created_at: instant,
  expires_at: instant,
  used_at: nullableInstant,
});

const ExportMessageSchema = z.object({
  id: z.uuid(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  created_at: instant,
  sent_at: nullableInstant,
});

/** The member's own place in a family; the other members are other people, so they are not listed. */
const ExportFamilyMembershipSchema = z.object({
  family_id: z.uuid(),
  family_name: z.string(),
  role: z.string(),
  joined_at: instant,
});

/**
 * The church register's record linked to the member, and their requests to staff. The record's contact on
 * file is left out: a household may share it, so it is not the member's alone.
 */
const ExportMembershipSchema = z.object({
  linked_record: z
    .object({ membership_id: z.string(), given_name: z.string(), family_name: z.string(), birth_date: z.string().nullable(), campus: z.string().nullable(), linked_at: nullableInstant })
    .nullable(),
  link_requests: z.array(z.object({ id: z.uuid(), membership_id: z.string(), status: z.string(), created_at: instant })),
});

/** Accounts at external providers that sign the member in; the upstream email is masked, as the API shows it. */
const ExportLinkedIdentitySchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  linked_at: instant,
  last_used_at: nullableInstant,
});

/** A browser the member signed in with (lib/security-notices/recognize-device.ts): when, not the cookie or its hash. */
const ExportKnownBrowserSchema = z.object({ first_seen_at: instant, last_seen_at: instant });

/** Masked as every answer shows a recovery contact (decisions.md part 3): never the full address or number. */
const ExportRecoveryContactSchema = z.object({
  id: z.uuid(),
  channel: z.string(),
  value: z.string(),
  status: z.string(),
  created_at: instant,
  verified_at: nullableInstant,
});

const ExportDataRequestSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  status: z.string(),
  created_at: instant,
  due_at: nullableInstant,
  fulfilled_at: nullableInstant,
  cancelled_at: nullableInstant,
});

/** A passkey: its name, kind and dates; never its credential id or public key. */
const ExportPasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  synced: z.boolean(),
  backed_up: z.boolean(),
  created_at: instant,
  last_used_at: nullableInstant,
});

/** The member's own check-ins (docs/decisions/0023): where and when, never a security code. */
const ExportAttendanceSchema = z.object({
  id: z.uuid(),
  event_id: z.string(),
  event_title: z.string(),
  method: z.string(),
  checked_in_at: instant,
  checked_out_at: nullableInstant,
});

/** The member's household check-in cards, live and revoked (docs/decisions/0023): dates only, never a code or its hash. */
const ExportCheckInCardSchema = z.object({
  id: z.uuid(),
  created_at: instant,
  revoked_at: nullableInstant,
  last_used_at: nullableInstant,
});

/** The member's private schedule feeds, live and revoked (docs/decisions/0025): dates only, never an address or its hash. */
const ExportCalendarFeedSchema = z.object({
  id: z.uuid(),
  created_at: instant,
  revoked_at: nullableInstant,
  last_used_at: nullableInstant,
});

const ExportEventRegistrationSchema = z.object({
  id: z.uuid(),
  event_id: z.string(),
  event_title: z.string(),
  status: z.enum(["registered", "waitlisted", "cancelled"]),
  registered_by_self: z.boolean(),
  created_at: instant,
  promoted_at: nullableInstant,
  cancelled_at: nullableInstant,
});

/**
 * The sections, in the order the document lists them. A new kind of record is one entry here and one
 * collector in lib/privacy/export-sections.ts (the compiler insists on both).
 */
export const ExportSectionsSchema = z.object({
  profile: ExportProfileSchema,
  two_factor: ExportTwoFactorSchema,
  sessions: z.array(ExportSessionSchema),
  known_browsers: z.array(ExportKnownBrowserSchema),
  app_authorizations: z.array(ExportAppAuthorizationSchema),
  consents: z.array(ExportConsentSchema),
  security_events: z.array(ExportSecurityEventSchema),
  guardianships: z.array(ExportGuardianshipSchema),
  family: z.array(ExportFamilyMembershipSchema),
  membership: ExportMembershipSchema,
  linked_identities: z.array(ExportLinkedIdentitySchema),
  recovery_contacts: z.array(ExportRecoveryContactSchema),
  verification_codes: z.array(ExportVerificationCodeSchema),
  messages: z.array(ExportMessageSchema),
  data_requests: z.array(ExportDataRequestSchema),
  passkeys: z.array(ExportPasskeySchema),
  attendance: z.array(ExportAttendanceSchema),
  check_in_cards: z.array(ExportCheckInCardSchema),
  event_registrations: z.array(ExportEventRegistrationSchema),
  calendar_feeds: z.array(ExportCalendarFeedSchema),
});
export type ExportSections = z.infer<typeof ExportSectionsSchema>;
export type ExportSectionName = keyof ExportSections;

export const DATA_EXPORT_FORMAT = "church-account-export/1";

export const DataExportSchema = z
  .object({
    format: z.literal(DATA_EXPORT_FORMAT),
    request_id: z.uuid(),
    generated_at: instant,
    ...ExportSectionsSchema.shape,
  })
  .meta({
  id: "DataExport",
  description:
      "Every record kept about the member when the export was requested. No password, secret, code, token or hash, and nothing about another person.",
  });
export type DataExport = z.infer<typeof DataExportSchema>;
