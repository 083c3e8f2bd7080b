-- AlterTable
ALTER TABLE "client" ADD COLUMN     "check_in_campus_id" TEXT;

-- CreateTable
CREATE TABLE "check_in" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "event_id" TEXT NOT NULL,
    "person_id" UUID NOT NULL,
    "family_id" UUID,
    "dropped_off_by" UUID,
    "method" TEXT NOT NULL,
    "kiosk_client_id" TEXT,
    "staff_id" UUID,
    "security_code" VARCHAR(8),
    "service_date" VARCHAR(10) NOT NULL,
    "checked_in_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "checked_out_at" TIMESTAMPTZ(3),
    "check_out_method" TEXT,
    "picked_up_by" UUID,
    "checked_out_by_client_id" TEXT,
    "checked_out_by_staff_id" UUID,
    "undone_at" TIMESTAMPTZ(3),
    "undone_by" UUID,

    CONSTRAINT "check_in_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "check_in_event_id_checked_in_at_idx" ON "check_in"("event_id", "checked_in_at");

-- CreateIndex
CREATE INDEX "check_in_person_id_checked_in_at_idx" ON "check_in"("person_id", "checked_in_at");

-- AddForeignKey
ALTER TABLE "client" ADD CONSTRAINT "client_check_in_campus_id_fkey" FOREIGN KEY ("check_in_campus_id") REFERENCES "campus"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (docs/decisions/0023-check-in.md): the rules the database keeps itself.
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_method_check" CHECK ("method" IN ('kiosk', 'self', 'staff'));
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_check_out_method_check" CHECK ("check_out_method" IN ('code', 'adult', 'staff'));
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_checked_out_check" CHECK (("checked_out_at" IS NULL) = ("check_out_method" IS NULL));
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_security_code_check" CHECK ("security_code" ~ '^[ACDEFGHJKMNPQRTUVWXY3479]{4}$');
-- A security code is unique per event and service day, so the code on a pickup tag names one child.
CREATE UNIQUE INDEX "check_in_event_day_code_key" ON "check_in" ("event_id", "service_date", "security_code") WHERE "security_code" IS NOT NULL;
-- One live check-in per person and event.
CREATE UNIQUE INDEX "check_in_event_person_live_key" ON "check_in" ("event_id", "person_id") WHERE "undone_at" IS NULL;
-- The overlap check reads a person's present check-ins.
CREATE INDEX "check_in_person_present_idx" ON "check_in" ("person_id") WHERE "undone_at" IS NULL AND "checked_out_at" IS NULL;
-- Who dropped off, picked up or acted is kept until that account is erased.
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_dropped_off_by_fkey" FOREIGN KEY ("dropped_off_by") REFERENCES "account"("id") ON DELETE SET NULL;
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_picked_up_by_fkey" FOREIGN KEY ("picked_up_by") REFERENCES "account"("id") ON DELETE SET NULL;
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "account"("id") ON DELETE SET NULL;
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_checked_out_by_staff_id_fkey" FOREIGN KEY ("checked_out_by_staff_id") REFERENCES "account"("id") ON DELETE SET NULL;
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_undone_by_fkey" FOREIGN KEY ("undone_by") REFERENCES "account"("id") ON DELETE SET NULL;
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "family"("id") ON DELETE SET NULL;

-- Staff writes to check-ins are in the audit record (docs/decisions/0020).
CREATE TRIGGER "check_in_audit_staff_change" AFTER INSERT OR UPDATE OR DELETE ON "check_in" FOR EACH ROW EXECUTE FUNCTION audit_staff_change();

-- Staff and administrators take attendance (lib/identity/permissions.ts).
UPDATE "role" SET "permissions" = ARRAY(SELECT DISTINCT p FROM unnest("permissions" || ARRAY['attendance:read', 'attendance:write', 'attendance:kiosk']) AS p ORDER BY p)
 WHERE "name" IN ('staff', 'admin');

-- Check-in volunteers enrol kiosks; the permission is not a staff one, so their sessions keep a member's lifetimes.
INSERT INTO "role" ("name", "description", "permissions")
VALUES ('kiosk', 'Check-in volunteers: enrol a lobby kiosk of a campus (docs/decisions/0023)', ARRAY['attendance:kiosk'])
ON CONFLICT ("name") DO NOTHING;

-- The member portal gets the member's check-in scope, as in 20261124190501_least_privilege.
UPDATE "client"
   SET "scopes" = ARRAY(SELECT DISTINCT s FROM unnest("scopes" || ARRAY['account:check-in']) AS s ORDER BY s)
 WHERE "first_party" AND EXISTS (SELECT 1 FROM unnest("redirect_uris") AS u WHERE u LIKE '%/api/auth/callback/church');
