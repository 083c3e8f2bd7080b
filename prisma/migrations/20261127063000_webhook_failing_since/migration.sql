-- AlterTable
ALTER TABLE "webhook_endpoint" ADD COLUMN     "auto_disabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "failing_since" TIMESTAMPTZ(3);
