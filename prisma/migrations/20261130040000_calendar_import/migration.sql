-- Importing the church's calendar from an .ics file or an iCal address (issue 40, part 2).

-- One calendar brought in: from a file (kept until it is imported) or from an address (sealed: Google's
-- secret address is a password to the calendar), previewed, imported, and for an address perhaps kept in
-- sync every hour. What each event becomes (type, campus, ministry, audience) is chosen for the whole import;
-- a source category naming an event type, a campus or a ministry chooses it for that event.
CREATE TABLE "calendar_import" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "file_text" TEXT,
    "address_sealed" TEXT,
    "address_host" TEXT,
    "event_type" "EventType" NOT NULL,
    "campus_id" TEXT,
    "ministry_id" TEXT,
    "audience" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "publish" BOOLEAN NOT NULL DEFAULT true,
    "keep_in_sync" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "preview" JSONB NOT NULL DEFAULT '{}',
    "result" JSONB,
    "last_error" TEXT,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "imported_at" TIMESTAMPTZ(3),
    "synced_at" TIMESTAMPTZ(3),
    CONSTRAINT "calendar_import_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "calendar_import_source_check" CHECK ("source" IN ('file', 'address')),
    CONSTRAINT "calendar_import_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "calendar_import_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campus"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "calendar_import_ministry_id_fkey" FOREIGN KEY ("ministry_id") REFERENCES "ministry"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "calendar_import_created_at_idx" ON "calendar_import"("created_at");
CREATE INDEX "calendar_import_keep_in_sync_synced_at_idx" ON "calendar_import"("keep_in_sync", "synced_at");

-- Where an event or a series came from: its import and the source's UID (an occurrence: UID|rule date), so
-- importing again, from the same address or a newer copy of the file, updates it and never makes a second one.
-- A UID is unique across calendars (RFC 5545 3.8.4.7), so the key is unique on its own.
ALTER TABLE "event" ADD COLUMN "import_id" UUID;
ALTER TABLE "event" ADD COLUMN "import_key" TEXT;
ALTER TABLE "event" ADD CONSTRAINT "event_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "calendar_import"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE UNIQUE INDEX "event_import_key_key" ON "event"("import_key");
CREATE INDEX "event_import_id_idx" ON "event"("import_id");

ALTER TABLE "event_series" ADD COLUMN "import_id" UUID;
ALTER TABLE "event_series" ADD COLUMN "import_uid" TEXT;
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "calendar_import"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE UNIQUE INDEX "event_series_import_uid_key" ON "event_series"("import_uid");
