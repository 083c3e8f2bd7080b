-- AlterTable
ALTER TABLE "client" ADD COLUMN     "require_nonce_without_pkce" BOOLEAN NOT NULL DEFAULT true;
