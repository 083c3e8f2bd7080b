import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { assertKioskMayGuess, kioskGuessKey, recordKioskMiss } from "./guess-limits.ts";
import { adultRightsOver } from "./household-rights.ts";
import { resolveScannedCode } from "./scanned-code.ts";
import { CheckInSchema, type CheckIn, type KioskCheckOutBody } from "./schemas.ts";
import { normaliseSecurityCode } from "./security-code.ts";

interface PresentRow {
  id: string;
  event_id: string;
  event_title: string;
  person_id: string;
  given_name: string;
  security_code: string | null;
  method: "kiosk" | "self" | "staff";
  checked_in_at: Date;
}

const PRESENT_SELECT = `SELECT c.id::text AS id, c.event_id, e.title AS event_title, c.person_id::text AS person_id, a.given_name, c.security_code, c.method, c.checked_in_at
  FROM check_in c JOIN event e ON e.id = c.event_id JOIN account a ON a.id = c.person_id`;

/**
 * POST /api/v1/kiosk/check-outs: the code on the pickup tag for that event, today; or an adult's own code
 * and the child they collect. An adult marked not authorized for the child is refused with words for the
 * volunteer to act on. Only the kiosk's campus; wrong codes count against the kiosk.
 */
export async function kioskCheckOut(database: Database, kiosk: { clientId: string; campusId: string }, body: KioskCheckOutBody, context: RequestContext, now = new Date()): Promise<CheckIn> {
  const key = kioskGuessKey("code", kiosk.clientId);
  await assertKioskMayGuess(database, key);
  if ("security_code" in body) {
    const [row] = await database.query<PresentRow>(
      `${PRESENT_SELECT}
        WHERE c.event_id = $1 AND e.campus_id = $2 AND c.security_code = $3 AND c.undone_at IS NULL AND c.checked_out_at IS NULL
          AND c.service_date = to_char($4::timestamptz AT TIME ZONE e.timezone, 'YYYY-MM-DD')`,
      [body.event_id, kiosk.campusId, normaliseSecurityCode(body.security_code), now],
    );
    if (!row) {
      await recordKioskMiss(database, key);
      throw new IdentityError("invalid_request", "security_code: does not match a child checked in to this event today");
    }
    return finishCheckOut(database, row, { method: "code", pickedUpBy: null, clientId: kiosk.clientId, staffId: null, context, now });
  }
  const adultId = await resolveScannedCode(database, body.member_code, now);
  if (!adultId) {
    await recordKioskMiss(database, key);
    throw new IdentityError("invalid_request", "member_code: is not a valid or current check-in code");
  }
  const [row] = await database.query<PresentRow>(
    `${PRESENT_SELECT} WHERE c.person_id = $1::uuid AND e.campus_id = $2 AND c.undone_at IS NULL AND c.checked_out_at IS NULL ORDER BY c.checked_in_at DESC LIMIT 1`,
    [body.child_id, kiosk.campusId],
  );
  if (!row) throw notFound("checked-in child");
  const rights = await adultRightsOver(database, adultId, body.child_id);
  if (rights.notAuthorized) throw new IdentityError("forbidden", `this adult is marked NOT authorized to collect ${row.given_name}: do not hand the child over; fetch a staff member`);
  if (!rights.related) throw new IdentityError("forbidden", `this adult is not on ${row.given_name}'s pickup list: ask for the pickup tag's code or fetch a staff member`);
  return finishCheckOut(database, row, { method: "adult", pickedUpBy: adultId, clientId: kiosk.clientId, staffId: null, context, now });
}

interface CheckOutBy {
  method: "code" | "adult" | "staff";
  pickedUpBy: string | null;
  clientId: string | null;
  staffId: string | null;
  context: RequestContext;
  now: Date;
}

/** Marks the row checked out unless another kiosk did it first (then `conflict`), and logs it for the person. */
export async function finishCheckOut(database: Database, row: PresentRow, by: CheckOutBy): Promise<CheckIn> {
  return database.transaction(async (tx) => {
    const updated = await tx.query<{ checked_out_at: Date }>(
      `UPDATE check_in SET checked_out_at = $2, check_out_method = $3, picked_up_by = $4::uuid, checked_out_by_client_id = $5, checked_out_by_staff_id = $6::uuid
        WHERE id = $1::uuid AND checked_out_at IS NULL AND undone_at IS NULL RETURNING checked_out_at`,
      [row.id, by.now, by.method, by.pickedUpBy, by.clientId, by.staffId],
    );
    if (updated.length === 0) throw new IdentityError("conflict", `${row.given_name} is already checked out`);
    await recordSecurityEvent(tx, {
      userId: row.person_id,
      type: "checked_out",
      context: by.context,
      detail: { event_id: row.event_id, event_title: row.event_title, method: by.method, ...(by.pickedUpBy ? { picked_up_by: by.pickedUpBy } : {}) },
    });
    return CheckInSchema.parse({
      ...row,
      checked_in_at: new Date(row.checked_in_at).toISOString(),
      checked_out_at: by.now.toISOString(),
    });
  });
}
