-- CreateEnum
CREATE TYPE "EventType" AS ENUM ('SERVICE', 'CONFERENCE', 'COURSE', 'SPECIAL_EVENT', 'PRAYER_CAMPAIGN', 'LIFE_GROUP', 'CAMP', 'WORKSHOP');

-- CreateEnum
CREATE TYPE "EventStatus" AS ENUM ('DRAFT', 'SCHEDULED', 'ACTIVE', 'COMPLETED', 'CANCELLED', 'POSTPONED');

-- CreateEnum
CREATE TYPE "EventVisibility" AS ENUM ('public', 'members', 'private');

-- CreateEnum
CREATE TYPE "AttendanceMode" AS ENUM ('QR_CODE', 'RFID', 'MANUAL', 'SELF_CHECK_IN', 'NONE');

-- CreateTable
CREATE TABLE "campus" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "timezone" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ministry" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ministry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_series" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_series_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "event_type" "EventType" NOT NULL,
    "service_type" TEXT,
    "start_date" VARCHAR(10) NOT NULL,
    "start_time" VARCHAR(5) NOT NULL,
    "end_date" VARCHAR(10) NOT NULL,
    "end_time" VARCHAR(5) NOT NULL,
    "timezone" TEXT NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "ministry_id" TEXT,
    "campus_id" TEXT,
    "series_id" TEXT,
    "status" "EventStatus" NOT NULL DEFAULT 'SCHEDULED',
    "visibility" "EventVisibility" NOT NULL DEFAULT 'public',
    "audience" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "attendance_modes" "AttendanceMode"[] DEFAULT ARRAY[]::"AttendanceMode"[],
    "capacity" INTEGER,
    "organizer" TEXT,
    "image_url" TEXT,
    "registration_url" TEXT,
    "location_name" TEXT,
    "location_address" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "event_slug_key" ON "event"("slug");

-- CreateIndex
CREATE INDEX "event_start_at_id_idx" ON "event"("start_at", "id");

-- CreateIndex
CREATE INDEX "event_type_start_at_id_idx" ON "event"("event_type", "start_at", "id");

-- CreateIndex
CREATE INDEX "event_campus_start_at_id_idx" ON "event"("campus_id", "start_at", "id");

-- CreateIndex
CREATE INDEX "event_ministry_start_at_id_idx" ON "event"("ministry_id", "start_at", "id");

-- CreateIndex
CREATE INDEX "event_series_start_at_idx" ON "event"("series_id", "start_at");

-- CreateIndex
CREATE INDEX "event_audience_gin_idx" ON "event" USING GIN ("audience");

-- AddForeignKey
ALTER TABLE "event" ADD CONSTRAINT "event_ministry_id_fkey" FOREIGN KEY ("ministry_id") REFERENCES "ministry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event" ADD CONSTRAINT "event_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campus"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event" ADD CONSTRAINT "event_series_id_fkey" FOREIGN KEY ("series_id") REFERENCES "event_series"("id") ON DELETE SET NULL ON UPDATE CASCADE;
