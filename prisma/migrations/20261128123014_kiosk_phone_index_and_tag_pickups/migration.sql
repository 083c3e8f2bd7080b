-- CreateIndex
CREATE INDEX "account_phone_idx" ON "account"("phone");

-- A child collected with the parent's pickup tag (docs/decisions/0023): `tag`. `code` stays for check-outs
-- made before, when the typed security code alone released a child.
ALTER TABLE "check_in" DROP CONSTRAINT "check_in_check_out_method_check";
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_check_out_method_check" CHECK ("check_out_method" IN ('code', 'tag', 'adult', 'staff'));
