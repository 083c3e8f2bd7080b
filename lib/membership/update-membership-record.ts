import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getMembershipRecordForStaffOrThrow } from "./get-membership-record-for-staff-or-throw.ts";
import { lockMembershipRecordOrThrow } from "./lock-membership-record-or-throw.ts";
import type { AdminMembershipRecord, UpdateMembershipRecordBody } from "./staff-schemas.ts";

/**
 * PATCH /api/v1/admin/membership/records/{id} (membership:write): the church office corrects its register.
 * Only the fields sent change (null clears an optional one); the search keys follow from the row's trigger.
 * The record is locked first, so an edit and an unlink of the same record run one after the other. When the
 * record is linked, the member's security log says staff changed it (which fields, never the values: a
 * contact on file stays out of the log).
 */
export async function updateMembershipRecord(
  database: Database,
  staffId: string,
  membershipId: string,
  body: UpdateMembershipRecordBody,
  context: RequestContext,
): Promise<AdminMembershipRecord> {
  await database.transaction(async (tx) => {
    const record = await lockMembershipRecordOrThrow(tx, membershipId);
    // Any string, "" too: only null clears the campus, and an id no campus has would be a foreign-key 500.
    if (typeof body.campus_id === "string") {
      const [campus] = await tx.query<{ id: string }>(`SELECT id FROM campus WHERE id = $1`, [body.campus_id]);
      if (!campus) throw new IdentityError("invalid_request", "campus_id: no such campus");
    }
    await tx.prisma.membershipRecord.update({
      where: { id: membershipId },
      data: {
        givenName: body.given_name,
        familyName: body.family_name,
        birthDate: body.birth_date,
        email: body.email,
        phone: body.phone,
        householdId: body.household_id,
        middleName: body.middle_name,
        nickname: body.nickname,
        gender: body.gender,
        address: body.address,
        campusId: body.campus_id,
      },
      select: { id: true },
    });
    if (record.linked_user_id) {
      await recordSecurityEvent(tx, {
        userId: record.linked_user_id,
        type: "membership_record_updated",
        context,
        detail: { membership_id: membershipId, by: staffId, fields: Object.keys(body).sort() },
      });
    }
  });
  return getMembershipRecordForStaffOrThrow(database, membershipId);
}
