-- AlterTable
ALTER TABLE "client" ADD COLUMN     "dpop_bound_access_tokens" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "oauth_grant" ADD COLUMN     "dpop_jkt" TEXT;

-- CreateTable
CREATE TABLE "dpop_proof" (
    "jti_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dpop_proof_pkey" PRIMARY KEY ("jti_hash")
);

-- CreateIndex
CREATE INDEX "dpop_proof_expires_at_idx" ON "dpop_proof"("expires_at");
