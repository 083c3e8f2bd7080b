-- AlterTable
ALTER TABLE "account" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "membership_link_request" ADD COLUMN     "decided_at" TIMESTAMPTZ(3),
ADD COLUMN     "decided_by" UUID;

-- CreateTable
CREATE TABLE "calendar_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_version_pkey" PRIMARY KEY ("id")
);

-- The one row, and nothing but it.
ALTER TABLE "calendar_version" ADD CONSTRAINT "calendar_version_single_row" CHECK ("id" = 1);
INSERT INTO "calendar_version" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;

-- Every write to the calendar's tables bumps the version in the same transaction, whoever writes (staff
-- routes, the seed, a SQL console): the response caches compare it on each request, so no writer can
-- forget to invalidate them (docs/decisions/0017-staff-management.md). Statement-level: a batch of
-- 1,000 inserted events bumps it once.
CREATE OR REPLACE FUNCTION bump_calendar_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "calendar_version" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER event_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
CREATE TRIGGER ministry_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ministry"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
CREATE TRIGGER campus_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "campus"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();
CREATE TRIGGER event_series_bump_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_series"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_calendar_version();


-- The admin role: everything staff may do, plus assigning roles (which staff may not, so nobody can
-- raise their own rights). Staff keep the permissions the base roles gave them.
INSERT INTO "role" ("name", "description", "permissions") VALUES
  ('admin', 'Administrators: everything staff do, and assigning roles',
   ARRAY['users:read', 'users:write', 'roles:write', 'events:read', 'events:write', 'clients:read', 'clients:write',
         'membership:read', 'membership:write', 'families:read', 'families:write'])
ON CONFLICT ("name") DO NOTHING;
