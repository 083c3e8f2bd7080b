-- CreateTable
CREATE TABLE "check_in_card" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "check_in_card_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "check_in_card_secret_hash_key" ON "check_in_card"("secret_hash");

-- CreateIndex
CREATE INDEX "check_in_card_user_id_created_at_idx" ON "check_in_card"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "check_in_card" ADD CONSTRAINT "check_in_card_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (docs/decisions/0023, "Household card"): at most one live card per member; issuing a new one
-- revokes the old in the same transaction, and a second live card for the member is refused here.
CREATE UNIQUE INDEX "check_in_card_user_live_key" ON "check_in_card" ("user_id") WHERE "revoked_at" IS NULL;
