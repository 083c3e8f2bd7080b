import { z } from "zod";
import { isRecoveryCodeShape, isTotpCodeShape } from "../sign-in/recovery-code-format.ts";

/**
 * The TOTP second factor as the self-service routes take and answer it (decisions.md part 3). Pure zod,
 * shared by the routes, the OpenAPI document and the portal's security page.
 */

export const MFA_STATUS = { disabled: "disabled", pending: "pending", enabled: "enabled" } as const;
export type MfaStatus = (typeof MFA_STATUS)[keyof typeof MFA_STATUS];

const TOTP_CODE_MESSAGE = "must be exactly 6 digits";
const SECOND_FACTOR_MESSAGE = "must be the 6-digit code from your authenticator app or one of your recovery codes";

/** Step 2 of enrolment, and making a new set of recovery codes: the current 6-digit TOTP code. */
export const totpCodeBodySchema = z
  .object({ code: z.string({ error: TOTP_CODE_MESSAGE }).regex(/^\d{6}$/, TOTP_CODE_MESSAGE) })
  .meta({ id: "TotpCodeBody" });
export type TotpCodeBody = z.output<typeof totpCodeBodySchema>;

/** Turning TOTP off: the current TOTP code, or a recovery code for a member whose phone is gone. */
export const disableMfaBodySchema = z
  .object({
    code: z
      .string({ error: SECOND_FACTOR_MESSAGE })
      .max(64, SECOND_FACTOR_MESSAGE)
      .refine((code) => /^\d{6}$/.test(code) || (!isTotpCodeShape(code) && isRecoveryCodeShape(code)), SECOND_FACTOR_MESSAGE),
  })
  .meta({ id: "DisableMfaBody" });
export type DisableMfaBody = z.output<typeof disableMfaBodySchema>;

export const TotpSetupSchema = z
  .object({ otpauth_url: z.string().regex(/^otpauth:\/\/totp\//) })
  .meta({ id: "TotpSetup", description: "The pending secret as an otpauth:// URL (SHA-1, 6 digits, 30 s): show it as a QR code." });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** What confirming and regenerating answer: ten one-time recovery codes, shown once and stored hashed. */
export const RecoveryCodesSchema = z
  .object({ status: z.literal("ok"), recovery_codes: z.array(z.string()).length(10) })
  .meta({ id: "RecoveryCodes" });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const MfaStateSchema = z
  .object({
    status: z.enum([MFA_STATUS.disabled, MFA_STATUS.pending, MFA_STATUS.enabled]),
    /** When TOTP was confirmed; null unless enabled. */
    enabled_at: z.iso.datetime().nullable(),
    /** Unused recovery codes; 0 unless enabled. */
    recovery_codes_remaining: z.number().int().min(0),
  })
  .meta({ id: "MfaState" });
export type MfaState = z.infer<typeof MfaStateSchema>;
