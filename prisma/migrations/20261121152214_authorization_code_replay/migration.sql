-- AlterTable
ALTER TABLE "authorization_code" ADD COLUMN     "replayed_at" TIMESTAMPTZ(3);
