-- Importing the church's people from another system's CSV file (issue 40).

-- The other system's id (Planning Center's Remote ID or Person ID, Breeze's, ChurchSuite's): a re-import
-- matches by it first. The household's name as that system wrote it.
ALTER TABLE "membership_record" ADD COLUMN "remote_id" TEXT;
ALTER TABLE "membership_record" ADD COLUMN "household_name" TEXT;
ALTER TABLE "membership_record" ADD COLUMN "nickname" TEXT;
CREATE UNIQUE INDEX "membership_record_remote_id_key" ON "membership_record"("remote_id");
-- An import matches people without the other system's id by name and birth date.
CREATE INDEX "membership_record_birth_date_idx" ON "membership_record"("birth_date");

-- One uploaded file: previewed, then imported in batches that each commit whole (rows_done is the resume
-- point), then perhaps undone within 30 days. The file's text is kept until the import is done.
CREATE TABLE "people_import" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "file_name" TEXT NOT NULL,
    "file_text" TEXT,
    "encoding" TEXT NOT NULL,
    "delimiter" TEXT NOT NULL,
    "headers" TEXT[] NOT NULL,
    "headers_key" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "mapping" JSONB NOT NULL,
    "country" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "rows_total" INTEGER NOT NULL DEFAULT 0,
    "rows_done" INTEGER NOT NULL DEFAULT 0,
    "created_count" INTEGER NOT NULL DEFAULT 0,
    "updated_count" INTEGER NOT NULL DEFAULT 0,
    "unchanged_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "problem_count" INTEGER NOT NULL DEFAULT 0,
    "problems" JSONB NOT NULL DEFAULT '[]',
    "last_error" TEXT,
    "created_by" UUID,
    "audit_entry_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "heartbeat_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "undone_at" TIMESTAMPTZ(3),
    CONSTRAINT "people_import_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "people_import_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "people_import_created_at_idx" ON "people_import"("created_at");
CREATE INDEX "people_import_headers_key_created_at_idx" ON "people_import"("headers_key", "created_at");

-- What an import did to each record, so it can be undone: `created`, or `updated` with the fields before.
CREATE TABLE "people_import_change" (
    "import_id" UUID NOT NULL,
    "record_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "before" JSONB,
    CONSTRAINT "people_import_change_pkey" PRIMARY KEY ("import_id", "record_id"),
    CONSTRAINT "people_import_change_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "people_import"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Importing people is office work: staff and administrators.
UPDATE "role" SET "permissions" = array_append("permissions", 'people:import')
 WHERE "name" IN ('admin', 'staff') AND NOT ('people:import' = ANY ("permissions"));
