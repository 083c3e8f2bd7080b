-- CreateTable
CREATE TABLE "federation_provider" (
    "id" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret_encrypted" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT 'openid email profile',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "federation_provider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "federated_identity" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "provider_id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "linked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "federated_identity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "federated_login_attempt" (
    "state_hash" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "code_verifier_encrypted" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "intent" TEXT NOT NULL,
    "user_id" UUID,
    "request" TEXT,
    "return_to" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "federated_login_attempt_pkey" PRIMARY KEY ("state_hash")
);

-- CreateTable
CREATE TABLE "federated_link_code" (
    "code_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "provider_id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "federated_link_code_pkey" PRIMARY KEY ("code_hash")
);

-- CreateIndex
CREATE INDEX "federated_identity_user_id_linked_at_idx" ON "federated_identity"("user_id", "linked_at");

-- CreateIndex
CREATE UNIQUE INDEX "federated_identity_issuer_subject_key" ON "federated_identity"("issuer", "subject");

-- CreateIndex
CREATE INDEX "federated_login_attempt_expires_at_idx" ON "federated_login_attempt"("expires_at");

-- CreateIndex
CREATE INDEX "federated_link_code_user_id_created_at_idx" ON "federated_link_code"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "federated_link_code_expires_at_idx" ON "federated_link_code"("expires_at");

-- AddForeignKey
ALTER TABLE "federated_identity" ADD CONSTRAINT "federated_identity_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "federated_identity" ADD CONSTRAINT "federated_identity_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "federation_provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "federated_login_attempt" ADD CONSTRAINT "federated_login_attempt_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "federation_provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "federated_link_code" ADD CONSTRAINT "federated_link_code_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "federated_link_code" ADD CONSTRAINT "federated_link_code_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "federation_provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
