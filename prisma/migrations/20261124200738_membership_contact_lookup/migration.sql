-- docs/decisions/0012: a member's search matches a contact only when it is their own verified one, and then
-- exactly (issue 14, finding 5): the trigram indexes on contacts give way to exact lookups.

-- DropIndex
DROP INDEX "membership_record_search_email_trgm_idx";

-- DropIndex
DROP INDEX "membership_record_search_phone_trgm_idx";

-- CreateIndex
CREATE INDEX "membership_record_email_idx" ON "membership_record"("email");

-- CreateIndex
CREATE INDEX "membership_record_phone_idx" ON "membership_record"("phone");
