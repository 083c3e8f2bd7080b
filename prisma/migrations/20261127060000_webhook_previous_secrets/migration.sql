-- CreateTable
CREATE TABLE "webhook_previous_secret" (
    "id" BIGSERIAL NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "secret_sealed" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_previous_secret_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_previous_secret_endpoint_id_expires_at_idx" ON "webhook_previous_secret"("endpoint_id", "expires_at");

-- CreateIndex
CREATE INDEX "webhook_previous_secret_expires_at_idx" ON "webhook_previous_secret"("expires_at");

-- AddForeignKey
ALTER TABLE "webhook_previous_secret" ADD CONSTRAINT "webhook_previous_secret_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
