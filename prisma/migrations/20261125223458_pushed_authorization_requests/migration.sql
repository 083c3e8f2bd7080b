-- AlterTable
ALTER TABLE "client" ADD COLUMN     "require_pushed_authorization_requests" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "pushed_authorization_request" (
    "uri_hash" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "pushed_authorization_request_pkey" PRIMARY KEY ("uri_hash")
);

-- CreateIndex
CREATE INDEX "pushed_authorization_request_expires_at_idx" ON "pushed_authorization_request"("expires_at");

-- AddForeignKey
ALTER TABLE "pushed_authorization_request" ADD CONSTRAINT "pushed_authorization_request_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;
