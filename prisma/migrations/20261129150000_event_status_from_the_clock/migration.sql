-- An event's ACTIVE and COMPLETED are read off its start_at and end_at, never stored (docs/decisions/0034):
-- staff decide DRAFT, SCHEDULED, CANCELLED and POSTPONED; the clock decides the rest, everywhere at once.
UPDATE "event" SET "status" = 'SCHEDULED' WHERE "status" IN ('ACTIVE', 'COMPLETED');
ALTER TABLE "event" ADD CONSTRAINT "event_status_is_a_decision" CHECK ("status" NOT IN ('ACTIVE', 'COMPLETED'));
