-- AlterTable
ALTER TABLE "session" ADD COLUMN     "device_client_id" TEXT;

-- CreateTable
CREATE TABLE "device_authorization" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "device_code_hash" TEXT NOT NULL,
    "user_code_hash" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "poll_interval_seconds" INTEGER NOT NULL DEFAULT 5,
    "last_polled_at" TIMESTAMPTZ(3),
    "reviewing_session_id" UUID,
    "user_id" UUID,
    "session_id" UUID,
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "device_authorization_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "device_authorization_device_code_hash_key" ON "device_authorization"("device_code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "device_authorization_user_code_hash_key" ON "device_authorization"("user_code_hash");

-- CreateIndex
CREATE INDEX "device_authorization_expires_at_idx" ON "device_authorization"("expires_at");

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_device_client_id_fkey" FOREIGN KEY ("device_client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_authorization" ADD CONSTRAINT "device_authorization_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;
