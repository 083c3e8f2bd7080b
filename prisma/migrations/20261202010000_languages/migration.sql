-- Every email in its recipient's language (issue 41): the language a message was written in, so its template
-- speaks it too when it is delivered; null is English, what every message so far was written in.
ALTER TABLE "outbox_message" ADD COLUMN "locale" TEXT;

-- The church's own language (/admin/settings): a visitor's who has not chosen one, and a member's emails when they
-- have not; null falls back to the server's CHURCH_LOCALE.
ALTER TABLE "church_settings" ADD COLUMN "default_locale" TEXT;
