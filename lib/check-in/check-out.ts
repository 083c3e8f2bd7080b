import "server-only";
import type { Database } from "../db/database.ts";
import { byGroupThenName } from "../i18n/name-order.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { giveBack, kioskMissKey, recordKioskAlert, takeKioskAttempt } from "./guess-limits.ts";
import { relatedSql } from "./household-rights.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { KIOSK_REFUSALS, kioskRefusal } from "./kiosk-refusals.ts";
import { findPickupTag } from "./pickup-tag.ts";
import { resolveScannedCode, spendScannedCode, type ScannedMember } from "./scanned-code.ts";
import { CheckInSchema, PickupSchema, type CheckIn, type KioskCheckOutBody, type KioskPickupBody, type Pickup } from "./schemas.ts";

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

/** Present at the kiosk's campus ($2), checked in on today's date where the event is ($3 now). */
const PRESENT_HERE_TODAY = `e.campus_id = $2 AND c.undone_at IS NULL AND c.checked_out_at IS NULL
  AND c.service_date = to_char($3::timestamptz AT TIME ZONE e.timezone, 'YYYY-MM-DD')`;

/**
 * What collects children at a kiosk (docs/decisions/0023, "Pickup"): the parent's pickup tag (its QR code,
 * never the 4-character code, which is also on the child's own label), or the member code or household card
 * of an adult on the child's pickup list. A typed security code collects nobody.
 */
type Credential = { kind: "tag"; tagId: string } | { kind: "adult"; adult: ScannedMember };

/** The scanned tag or code, counted against the tablet as a miss until it proves right (decision 0031). */
async function resolveCredential(database: Database, kiosk: Kiosk, body: KioskPickupBody, context: RequestContext, now: Date): Promise<Credential> {
  const attempt = await takeKioskAttempt(database, [kioskMissKey(kiosk)]);
  if ("pickup_tag" in body) {
    const tagId = await findPickupTag(database, body.pickup_tag);
    if (tagId) {
      await giveBack(database, attempt);
      return { kind: "tag", tagId };
    }
    await recordKioskAlert(database, kiosk, "unknown_pickup_tag", context);
    throw new IdentityError("invalid_request", KIOSK_REFUSALS.unknownPickupTag);
  }
  const adult = await resolveScannedCode(database, body.member_code, now);
  if (adult) {
    await giveBack(database, attempt);
    return { kind: "adult", adult };
  }
  await recordKioskAlert(database, kiosk, "invalid_member_code", context);
  throw new IdentityError("invalid_request", KIOSK_REFUSALS.invalidMemberCode);
}

/** The children the credential may collect now, and (for an adult) those they are marked not authorized for. */
async function collectable(database: Database, kiosk: Kiosk, credential: Credential, now: Date): Promise<{ children: PresentRow[]; refused: PresentRow[] }> {
  if (credential.kind === "tag") {
    const children = await database.query<PresentRow>(`${PRESENT_SELECT} WHERE c.pickup_tag_id = $1::uuid AND ${PRESENT_HERE_TODAY} ORDER BY a.given_name, c.id`, [credential.tagId, kiosk.campusId, now]);
    return { children: byFirstName(children), refused: [] };
  }
  const notAuthorized = `EXISTS (SELECT 1 FROM pickup_person p WHERE p.child_id = c.person_id AND p.user_id = $1::uuid AND p.kind = 'not_authorized')`;
  const rows = await database.query<PresentRow & { not_authorized: boolean }>(
    `SELECT * FROM (
       SELECT c.id::text AS id, c.event_id, e.title AS event_title, c.person_id::text AS person_id, a.given_name, c.security_code, c.method, c.checked_in_at,
              ${notAuthorized} AS not_authorized, ${relatedSql("c.person_id")} AS related
         FROM check_in c JOIN event e ON e.id = c.event_id JOIN account a ON a.id = c.person_id
        WHERE c.security_code IS NOT NULL AND ${PRESENT_HERE_TODAY}) present
      WHERE not_authorized OR related
      ORDER BY given_name, id`,
    [credential.adult.userId, kiosk.campusId, now],
  );
  const ordered = byFirstName(rows);
  return { children: ordered.filter((row) => !row.not_authorized), refused: ordered.filter((row) => row.not_authorized) };
}

/** Children by first name as people read it (lib/i18n/name-order.ts), then check-in: the database's order is bytes. */
function byFirstName<Row extends PresentRow>(rows: readonly Row[]): Row[] {
  return byGroupThenName(rows, (row) => row.given_name, (row) => row.id);
}

const nobodyHere = (credential: Credential) => new IdentityError("not_found", credential.kind === "tag" ? KIOSK_REFUSALS.noChildForTag : KIOSK_REFUSALS.noChildForAdult);

/**
 * POST /api/v1/kiosk/pickups: the children this pickup tag or this adult may collect now, each with the code on
 * their label for the volunteer to compare, and the children this adult is marked NOT authorized to collect
 * (an alert staff see at once, and words on the kiosk for the volunteer).
 */
export async function findKioskPickup(database: Database, kiosk: Kiosk, body: KioskPickupBody, context: RequestContext, now = new Date()): Promise<Pickup> {
  const credential = await resolveCredential(database, kiosk, body, context, now);
  const { children, refused } = await collectable(database, kiosk, credential, now);
  for (const child of refused) await recordKioskAlert(database, kiosk, "not_authorized", context, child.person_id);
  if (children.length === 0 && refused.length === 0) throw nobodyHere(credential);
  return PickupSchema.parse({
    children: children.map((row) => ({ check_in_id: row.id, person_id: row.person_id, given_name: row.given_name, event_id: row.event_id, event_title: row.event_title, security_code: row.security_code })),
    refused: refused.map((row) => ({ given_name: row.given_name, reason: "not_authorized" })),
  });
}

/**
 * POST /api/v1/kiosk/check-outs: the chosen children, each one the credential may collect now, go home, all or
 * none. A member's rotating code is spent by it: the same code (a screenshot, another tablet) collects
 * nobody afterwards.
 */
export async function kioskCheckOut(database: Database, kiosk: Kiosk, body: KioskCheckOutBody, context: RequestContext, now = new Date()): Promise<{ check_ins: CheckIn[] }> {
  const credential = await resolveCredential(database, kiosk, "pickup_tag" in body ? { pickup_tag: body.pickup_tag } : { member_code: body.member_code }, context, now);
  const { children, refused } = await collectable(database, kiosk, credential, now);
  const wanted = [...new Set(body.check_in_ids)];
  const chosen: PresentRow[] = [];
  for (const id of wanted) {
    const child = children.find((row) => row.id === id);
    if (child) {
      chosen.push(child);
      continue;
    }
    const marked = refused.find((row) => row.id === id);
    if (marked) {
      await recordKioskAlert(database, kiosk, "not_authorized", context, marked.person_id);
      throw new IdentityError("forbidden", kioskRefusal("notAuthorizedToCollect", { child: marked.given_name }));
    }
    throw nobodyHere(credential);
  }
  const pickedUpBy = credential.kind === "adult" ? credential.adult.userId : null;
  return database.transaction(async (tx) => {
    if (credential.kind === "adult" && !(await spendScannedCode(tx, credential.adult))) {
      throw new IdentityError("invalid_request", KIOSK_REFUSALS.memberCodeSpent);
    }
    const done: CheckIn[] = [];
    for (const row of chosen) done.push(await finishCheckOut(tx, row, { method: credential.kind, pickedUpBy, clientId: kiosk.clientId, staffId: null, context, now }));
    return { check_ins: done };
  });
}

interface CheckOutBy {
  method: "tag" | "adult" | "staff";
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
    if (updated.length === 0) throw new IdentityError("conflict", kioskRefusal("alreadyCheckedOut", { child: row.given_name }));
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
