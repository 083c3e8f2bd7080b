import "server-only";
import { RECOVERY_CONTACT_STATUS } from "../contacts/schemas.ts";
import { db } from "../db.ts";
import { passwordResetOptions, type PasswordResetOption, type VerifiedRecoveryContact } from "./password-reset-channels.ts";

/**
 * The masked places the code page offers to send a password-reset code to, for the address typed on the
 * forgot-password form: empty unless that account has verified recovery contacts (then the account's own
 * address first, then each contact). The page then shows masked contacts for an address that has some,
 * which tells that an account exists; the product accepts that (as the big providers' "try another way"
 * does) for members who lost their mailbox. Limits on sending codes still apply to every choice.
 */
export async function listPasswordResetOptions(email: string): Promise<PasswordResetOption[]> {
  const account = await (await db()).user.findUnique({
    where: { email },
    select: {
      email: true,
      recoveryContacts: {
        where: { status: RECOVERY_CONTACT_STATUS.verified },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, channel: true, value: true },
      },
    },
  });
  if (!account?.email || account.recoveryContacts.length === 0) return [];
  return passwordResetOptions({ email: account.email, recoveryContacts: account.recoveryContacts as VerifiedRecoveryContact[] });
}
