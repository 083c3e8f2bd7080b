-- AlterTable
ALTER TABLE "family_member" ADD COLUMN     "notes" TEXT;
