-- AlterTable
ALTER TABLE "event" ADD COLUMN     "registration_closes_at" TIMESTAMPTZ(3),
ADD COLUMN     "registration_open" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "registration_opens_at" TIMESTAMPTZ(3),
ADD COLUMN     "registration_waitlist" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "event_registration" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "event_id" TEXT NOT NULL,
    "person_id" UUID NOT NULL,
    "registered_by" UUID,
    "status" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "promoted_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "cancelled_by" UUID,

    CONSTRAINT "event_registration_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "event_registration_event_id_status_seq_idx" ON "event_registration"("event_id", "status", "seq");

-- CreateIndex
CREATE INDEX "event_registration_person_id_idx" ON "event_registration"("person_id");

-- AddForeignKey
ALTER TABLE "event_registration" ADD CONSTRAINT "event_registration_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_registration" ADD CONSTRAINT "event_registration_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_registration" ADD CONSTRAINT "event_registration_registered_by_fkey" FOREIGN KEY ("registered_by") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_registration" ADD CONSTRAINT "event_registration_cancelled_by_fkey" FOREIGN KEY ("cancelled_by") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- By hand (docs/decisions/0024): the statuses, one live registration per person and event, and a
-- registration window that ends after it starts.
ALTER TABLE "event_registration" ADD CONSTRAINT "event_registration_status_check" CHECK ("status" IN ('registered', 'waitlisted', 'cancelled'));
ALTER TABLE "event_registration" ADD CONSTRAINT "event_registration_cancelled_check" CHECK (("status" = 'cancelled') = ("cancelled_at" IS NOT NULL));
CREATE UNIQUE INDEX "event_registration_live_person_key" ON "event_registration"("event_id", "person_id") WHERE "status" <> 'cancelled';
ALTER TABLE "event" ADD CONSTRAINT "event_registration_window_check" CHECK ("registration_opens_at" IS NULL OR "registration_closes_at" IS NULL OR "registration_opens_at" < "registration_closes_at");

-- Staff writes that move the waitlist are in the audit record (docs/decisions/0020).
CREATE TRIGGER "event_registration_audit_staff_change" AFTER INSERT OR UPDATE OR DELETE ON "event_registration" FOR EACH ROW EXECUTE FUNCTION audit_staff_change();
