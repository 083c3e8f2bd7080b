-- CreateTable
CREATE TABLE "church_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "name" TEXT,
    "short_name" TEXT,
    "country" TEXT,
    "time_zone" TEXT,
    "contact_email" TEXT,
    "website_url" TEXT,
    "privacy_url" TEXT,
    "terms_url" TEXT,
    "email_sender_name" TEXT,
    "brand_colour" TEXT,
    "logo_hash" TEXT,
    "setup_completed_at" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "church_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "church_logo" (
    "hash" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "church_logo_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "setup_token" (
    "token_hash" TEXT NOT NULL,
    "account_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "setup_token_pkey" PRIMARY KEY ("token_hash")
);

-- One row, there from the start: every instance reads it (and its version) by primary key.
ALTER TABLE "church_settings" ADD CONSTRAINT "church_settings_single_row" CHECK ("id" = 1);
INSERT INTO "church_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
ALTER TABLE "church_settings" ADD CONSTRAINT "church_settings_brand_colour" CHECK ("brand_colour" IS NULL OR "brand_colour" ~ '^#[0-9a-f]{6}$');

-- A change in /admin/settings is a staff write: its record names what changed (the logo by its hash, not its bytes).
CREATE TRIGGER "church_settings_audit_staff_change" AFTER INSERT OR UPDATE OR DELETE ON "church_settings" FOR EACH ROW EXECUTE FUNCTION audit_staff_change();

-- The church's settings are for administrators (issue 39).
UPDATE "role" SET "permissions" = array_append("permissions", 'settings:write')
 WHERE "name" = 'admin' AND NOT ('settings:write' = ANY ("permissions"));
-- Downloading all of the church's data is for administrators too (lib/church-export).
UPDATE "role" SET "permissions" = array_append("permissions", 'church:export')
 WHERE "name" = 'admin' AND NOT ('church:export' = ANY ("permissions"));
