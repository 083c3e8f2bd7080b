-- CreateTable
CREATE TABLE "pickup_person" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "child_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "user_id" UUID,
    "name" TEXT NOT NULL,
    "relation" TEXT,
    "phone" TEXT,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pickup_person_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pickup_person_child_id_idx" ON "pickup_person"("child_id");

-- CreateIndex
CREATE UNIQUE INDEX "pickup_person_child_id_user_id_key" ON "pickup_person"("child_id", "user_id");

-- AddForeignKey
ALTER TABLE "pickup_person" ADD CONSTRAINT "pickup_person_child_id_fkey" FOREIGN KEY ("child_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pickup_person" ADD CONSTRAINT "pickup_person_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
