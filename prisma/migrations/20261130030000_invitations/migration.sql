-- Invitations (issue 40): staff invite the people of the register by email; the link opens a page with their
-- name filled in, and the account they make is linked to their record and household at once.
CREATE TABLE "invitation" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "record_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "sent_count" INTEGER NOT NULL DEFAULT 1,
    "invited_by" UUID,
    "accepted_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "invitation_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invitation_record_id_fkey" FOREIGN KEY ("record_id") REFERENCES "membership_record"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "invitation_invited_by_fkey" FOREIGN KEY ("invited_by") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "invitation_accepted_by_fkey" FOREIGN KEY ("accepted_by") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "invitation_token_hash_key" ON "invitation"("token_hash");
CREATE INDEX "invitation_record_id_idx" ON "invitation"("record_id");
CREATE INDEX "invitation_created_at_idx" ON "invitation"("created_at");
-- One open invitation per record: inviting again resends it.
CREATE UNIQUE INDEX "invitation_one_open_per_record" ON "invitation"("record_id") WHERE "status" = 'sent';
