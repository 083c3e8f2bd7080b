import "server-only";
import { generateSecret, generateURI } from "otplib";
import { readChurch } from "../church-settings/church.ts";
import { sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { TOTP_PERIOD_SECONDS, TOTP_STATUS } from "../sign-in/verify-totp-code.ts";
import type { TotpSetup } from "./schemas.ts";

/**
 * Step 1 of TOTP enrolment (decisions.md part 3): a new pending secret (160 random bits, sealed at rest),
 * answered as an otpauth:// URL for the member's authenticator app. A pending secret is replaced, so a
 * member who lost the QR code just starts again; a confirmed one never is (`conflict`). Raw: an upsert
 * with a condition, in one statement with the address it needs (docs/decisions/0019, reason 2).
 */
export async function startTotpSetup(database: Database, userId: string): Promise<TotpSetup> {
  const secret = generateSecret({ length: 20 });
  const [member] = await database.query<{ email: string }>(
    `WITH upserted AS (
       INSERT INTO totp_credential (user_id, secret_encrypted, status) VALUES ($1::uuid, $2, $3)
       ON CONFLICT (user_id) DO UPDATE
         SET secret_encrypted = EXCLUDED.secret_encrypted, last_used_step = NULL, created_at = now()
         WHERE totp_credential.status = $3
       RETURNING user_id
     )
     SELECT a.email FROM upserted JOIN account a ON a.id = upserted.user_id`,
    [userId, await sealSecret("totp", secret), TOTP_STATUS.pending],
  );
  if (!member) {
    throw new IdentityError("conflict", "two-factor authentication is already on; turn it off before setting it up again");
  }
  const uri = generateURI({ strategy: "totp", issuer: (await readChurch(database)).name, label: member.email, secret });
  // otplib leaves out parameters equal to the defaults; some authenticator apps guess otherwise, so say them.
  return { otpauth_url: `${uri}&algorithm=SHA1&digits=6&period=${TOTP_PERIOD_SECONDS}` };
}
