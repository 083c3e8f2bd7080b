-- Every bump of the calendar's version is also announced on the channel calendar_version, at commit
-- (docs/decisions/0029-calendar-fast-path.md). The embedded database, which only its own process can
-- write to, listens in that process: an unchanged count of announcements means an unchanged version, so
-- the calendar's cache is checked without a query there. PostgreSQL servers keep reading the version per
-- request (another instance may have written); nobody needs to listen.
CREATE OR REPLACE FUNCTION bump_calendar_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "calendar_version" SET "version" = "version" + 1, "updated_at" = now() WHERE "id" = 1;
  PERFORM pg_notify('calendar_version', '');
  RETURN NULL;
END
$$;
