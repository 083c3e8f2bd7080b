-- CreateTable
CREATE TABLE "recovery_contact" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recovery_contact_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recovery_contact_user_id_created_at_idx" ON "recovery_contact"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "recovery_contact_user_id_value_key" ON "recovery_contact"("user_id", "value");

-- AddForeignKey
ALTER TABLE "recovery_contact" ADD CONSTRAINT "recovery_contact_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
