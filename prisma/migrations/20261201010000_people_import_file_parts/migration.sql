-- A people import's file is kept in parts of at most a million characters (issue 40), so that reading it back
-- (another mapping's preview, the import's batches) holds one part at a time, never the whole file.
CREATE TABLE "people_import_file_part" (
    "import_id" UUID NOT NULL,
    "part" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    CONSTRAINT "people_import_file_part_pkey" PRIMARY KEY ("import_id", "part"),
    CONSTRAINT "people_import_file_part_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "people_import"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- How many parts the file has; NULL once the file is dropped (the import done).
ALTER TABLE "people_import" ADD COLUMN "file_part_count" INTEGER;

-- An import's file kept whole so far becomes its one part.
INSERT INTO "people_import_file_part" ("import_id", "part", "text")
SELECT "id", 0, "file_text" FROM "people_import" WHERE "file_text" IS NOT NULL;
UPDATE "people_import" SET "file_part_count" = 1 WHERE "file_text" IS NOT NULL;

ALTER TABLE "people_import" DROP COLUMN "file_text";
