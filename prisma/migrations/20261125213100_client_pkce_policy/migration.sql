-- AlterTable
ALTER TABLE "authorization_code" ALTER COLUMN "code_challenge" DROP NOT NULL;

-- AlterTable
ALTER TABLE "client" ADD COLUMN     "require_pkce" BOOLEAN NOT NULL DEFAULT true;
