-- CreateTable
CREATE TABLE "known_device" (
    "user_id" UUID NOT NULL,
    "device_hash" TEXT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "known_device_pkey" PRIMARY KEY ("user_id","device_hash")
);

-- CreateIndex
CREATE INDEX "known_device_last_seen_at_idx" ON "known_device"("last_seen_at");

-- AddForeignKey
ALTER TABLE "known_device" ADD CONSTRAINT "known_device_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
