-- CreateTable
CREATE TABLE "guardianship_request" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "guardian_id" UUID NOT NULL,
    "dependent_id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decision" TEXT,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "guardianship_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "guardianship_request_dependent_id_idx" ON "guardianship_request"("dependent_id");

-- CreateIndex
CREATE UNIQUE INDEX "guardianship_request_guardian_id_dependent_id_key" ON "guardianship_request"("guardian_id", "dependent_id");

-- AddForeignKey
ALTER TABLE "guardianship_request" ADD CONSTRAINT "guardianship_request_guardian_id_fkey" FOREIGN KEY ("guardian_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "guardianship_request" ADD CONSTRAINT "guardianship_request_dependent_id_fkey" FOREIGN KEY ("dependent_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "guardianship_request" ADD CONSTRAINT "guardianship_request_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "family"("id") ON DELETE CASCADE ON UPDATE CASCADE;
