-- CreateTable
CREATE TABLE "data_request" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "export_json" TEXT,
    "due_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fulfilled_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),

    CONSTRAINT "data_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "data_request_user_id_created_at_idx" ON "data_request"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "data_request_type_status_due_at_idx" ON "data_request"("type", "status", "due_at");

-- AddForeignKey
ALTER TABLE "data_request" ADD CONSTRAINT "data_request_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;
