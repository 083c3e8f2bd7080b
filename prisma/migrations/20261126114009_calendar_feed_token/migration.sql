-- CreateTable
CREATE TABLE "calendar_feed_token" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "calendar_feed_token_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feed_token_token_hash_key" ON "calendar_feed_token"("token_hash");

-- CreateIndex
CREATE INDEX "calendar_feed_token_user_id_created_at_idx" ON "calendar_feed_token"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "calendar_feed_token" ADD CONSTRAINT "calendar_feed_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (docs/decisions/0025): at most one live schedule feed per member; making a new one revokes
-- the old in the same transaction, and a second live feed for the member is refused here.
CREATE UNIQUE INDEX "calendar_feed_token_user_live_key" ON "calendar_feed_token" ("user_id") WHERE "revoked_at" IS NULL;
