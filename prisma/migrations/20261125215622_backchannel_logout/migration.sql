-- AlterTable
ALTER TABLE "client" ADD COLUMN     "backchannel_logout_session_required" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "backchannel_logout_uri" TEXT;

-- AlterTable
ALTER TABLE "outbox_message" ADD COLUMN     "next_attempt_at" TIMESTAMPTZ(3);
