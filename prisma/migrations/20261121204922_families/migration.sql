-- CreateTable
CREATE TABLE "family" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "code_encrypted" TEXT NOT NULL,
    "code_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "code_uses" INTEGER NOT NULL DEFAULT 0,
    "code_issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "family_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "family_member" (
    "family_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "family_member_pkey" PRIMARY KEY ("family_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "family_code_hash_key" ON "family"("code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "family_member_user_id_key" ON "family_member"("user_id");

-- AddForeignKey
ALTER TABLE "family_member" ADD CONSTRAINT "family_member_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "family"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "family_member" ADD CONSTRAINT "family_member_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
