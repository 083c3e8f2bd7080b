-- The church's mail server (issue 39), saved by the setup wizard or at /admin/settings: its address holds the
-- password, so it is kept sealed (lib/crypto/secret-box.ts) and the staff audit log shows it as "(hidden)".
ALTER TABLE "church_settings" ADD COLUMN "smtp_url_encrypted" TEXT;
ALTER TABLE "church_settings" ADD COLUMN "smtp_from" TEXT;
