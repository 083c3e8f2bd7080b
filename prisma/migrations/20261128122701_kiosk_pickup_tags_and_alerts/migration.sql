-- AlterTable
ALTER TABLE "check_in" ADD COLUMN     "pickup_tag_id" UUID;

-- AlterTable
ALTER TABLE "client" ADD COLUMN     "allowed_networks" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "pickup_tag" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "secret_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pickup_tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kiosk_alert" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "client_id" TEXT NOT NULL,
    "campus_id" TEXT NOT NULL,
    "session_id" UUID,
    "kind" TEXT NOT NULL,
    "child_id" UUID,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kiosk_alert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "spent_member_code" (
    "jti" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "spent_member_code_pkey" PRIMARY KEY ("jti")
);

-- CreateIndex
CREATE UNIQUE INDEX "pickup_tag_secret_hash_key" ON "pickup_tag"("secret_hash");

-- CreateIndex
CREATE INDEX "kiosk_alert_campus_id_created_at_idx" ON "kiosk_alert"("campus_id", "created_at");

-- CreateIndex
CREATE INDEX "kiosk_alert_session_id_created_at_idx" ON "kiosk_alert"("session_id", "created_at");

-- CreateIndex
CREATE INDEX "spent_member_code_expires_at_idx" ON "spent_member_code"("expires_at");

-- CreateIndex
CREATE INDEX "check_in_pickup_tag_id_idx" ON "check_in"("pickup_tag_id");

-- AddForeignKey
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_pickup_tag_id_fkey" FOREIGN KEY ("pickup_tag_id") REFERENCES "pickup_tag"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kiosk_alert" ADD CONSTRAINT "kiosk_alert_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kiosk_alert" ADD CONSTRAINT "kiosk_alert_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kiosk_alert" ADD CONSTRAINT "kiosk_alert_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "session"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kiosk_alert" ADD CONSTRAINT "kiosk_alert_child_id_fkey" FOREIGN KEY ("child_id") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;
