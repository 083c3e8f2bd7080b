-- CreateEnum
CREATE TYPE "SeriesFrequency" AS ENUM ('WEEKLY', 'MONTHLY');

-- AlterTable
ALTER TABLE "event" ADD COLUMN     "recurrence_date" VARCHAR(10),
ADD COLUMN     "series_override" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "event_series" ADD COLUMN     "count" INTEGER,
ADD COLUMN     "end_day_offset" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "end_time" VARCHAR(5),
ADD COLUMN     "frequency" "SeriesFrequency",
ADD COLUMN     "interval" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "month_week" INTEGER,
ADD COLUMN     "start_date" VARCHAR(10),
ADD COLUMN     "start_time" VARCHAR(5),
ADD COLUMN     "timezone" TEXT,
ADD COLUMN     "until_date" VARCHAR(10),
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "weekdays" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE UNIQUE INDEX "event_series_recurrence_date_key" ON "event"("series_id", "recurrence_date");

-- A series with a rule has all of it, an end (a date or a count) and a sane interval (docs/decisions/0026).
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_rule_check" CHECK (
  "frequency" IS NULL OR (
    "start_date" IS NOT NULL AND "start_time" IS NOT NULL AND "end_time" IS NOT NULL AND "timezone" IS NOT NULL
    AND ("until_date" IS NOT NULL OR "count" IS NOT NULL) AND "interval" BETWEEN 1 AND 52
    AND "end_day_offset" BETWEEN 0 AND 62 AND cardinality("weekdays") BETWEEN 1 AND 7
  )
);
