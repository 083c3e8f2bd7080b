-- AlterTable
ALTER TABLE "authorization_code" ADD COLUMN     "claims" JSONB;

-- AlterTable
ALTER TABLE "oauth_grant" ADD COLUMN     "claims" JSONB;
