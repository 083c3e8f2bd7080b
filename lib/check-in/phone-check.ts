import "server-only";
import { randomUUID } from "node:crypto";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { smsText } from "../contacts/contact-messages.ts";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import { translatorFor } from "../i18n/translator.ts";
import type { AppLocale } from "../kernel/locales.ts";
import { parsePhoneNumber } from "../contacts/phone-number.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { codeSendTargetKey } from "../limits/keys.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { outboxPageEnabled } from "../outbox/list-outbox-messages.ts";
import { smsTransport } from "../outbox/sms-transport.ts";
import { consumeVerificationCode, issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import { kioskPhoneSearchKey, recordKioskAlert, takeKioskAttempt } from "./guess-limits.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { KIOSK_REFUSALS, kioskRefusal } from "./kiosk-refusals.ts";
import { PhoneCheckSchema, type PhoneCheck, type StartPhoneCheckBody } from "./schemas.ts";

/**
 * Finding a household by phone at a lobby kiosk (docs/decisions/0023, "Finding a household"): the adult types
 * their whole mobile number, a 6-digit code is texted to it, and only the code typed back at the same tablet
 * finds the household. Knowing someone's number, let alone its last digits, is not being them.
 *
 * The answer is the same whether or not the number is a household's (a code is issued either way and texted
 * only to a number on file), so the kiosk cannot be used to learn who belongs to the church.
 */
const PURPOSE = "kiosk_phone";

/** Texts leave this server only through an SMS gateway; the test servers and development read them in the outbox. */
function textsCanBeSent(): boolean {
  return smsTransport() !== null || outboxPageEnabled(env());
}

/** The accounts whose verified phone this is: the adults a right code proves present. */
export async function verifiedHoldersOf(database: Database, phone: string): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `SELECT id::text AS id FROM account WHERE phone = $1 AND phone_verified_at IS NOT NULL AND disabled_at IS NULL ORDER BY created_at, id LIMIT 5`,
    [phone],
  );
  return rows.map((row) => row.id);
}

function kioskCodeText(code: string, locale: AppLocale) {
  const t = translatorFor(locale, "Email");
  return smsText([t("sms.kioskCheck", { church: CHURCH_NAME_SLOT, code })], code);
}

/** The language of the number's first holder, as the text is written in it (else the church's). */
async function holderLocale(database: Database, holderId: string): Promise<AppLocale> {
  const [row] = await database.query<{ locale: string | null }>(`SELECT locale FROM account WHERE id = $1::uuid`, [holderId]);
  return recipientLocale(database, row?.locale);
}

/** POST /api/v1/kiosk/phone-checks: texts a code to the number when it is a household's; answers the check's id either way. */
export async function startKioskPhoneCheck(database: Database, kiosk: Kiosk, body: StartPhoneCheckBody, context: RequestContext, now = new Date()): Promise<PhoneCheck> {
  const phone = parsePhoneNumber(body.phone)?.e164;
  if (!phone) throw new IdentityError("invalid_request", KIOSK_REFUSALS.phoneNotMobile);
  if (!textsCanBeSent()) throw new IdentityError("conflict", KIOSK_REFUSALS.textsUnavailable);
  // Every search counts against the tablet, and every text against the number (3 free, then a wait), found or not.
  await takeKioskAttempt(database, [kioskPhoneSearchKey(kiosk), codeSendTargetKey(PURPOSE, phone)]);
  const id = randomUUID();
  const holders = await verifiedHoldersOf(database, phone);
  await database.transaction(async (tx) => {
    const code = await issueVerificationCode(tx, { purpose: PURPOSE, subject: id, binding: kiosk.deviceId, sentTo: phone }, now);
    if (holders.length === 0) return null;
    const locale = await holderLocale(tx, holders[0]!);
    return enqueueMessage(tx, { channel: "sms", recipient: phone, body: kioskCodeText(code, locale), locale });
  });
  return PhoneCheckSchema.parse({ id, expires_in: CODE_TTL_SECONDS });
}

/**
 * The phone a right code proves the adult holds, from the tablet that started the check. A wrong code is
 * shown to staff (the household search counts it against the tablet); after 5 wrong codes, or 10 minutes,
 * the check is over.
 */
export async function finishKioskPhoneCheck(database: Database, kiosk: Kiosk, checkId: string, code: string, context: RequestContext, now = new Date()): Promise<string> {
  const outcome = await consumeVerificationCode(database, { purpose: PURPOSE, subject: checkId, binding: kiosk.deviceId }, code, now);
  if (outcome.outcome === "accepted") return outcome.sentTo;
  if (outcome.outcome === "wrong" || outcome.reason === "exhausted") await recordKioskAlert(database, kiosk, "wrong_phone_code", context);
  if (outcome.outcome === "wrong") {
    throw new IdentityError("invalid_request", outcome.attemptsLeft === 1 ? KIOSK_REFUSALS.wrongTextedCodeLastTry : kioskRefusal("wrongTextedCode", { tries: outcome.attemptsLeft }));
  }
  throw new IdentityError("invalid_request", KIOSK_REFUSALS.textedCodeOver);
}
