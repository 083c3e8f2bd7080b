-- The name a member goes by, if not their first name (issue 38: "preferred name"); the OpenID `nickname` claim.
ALTER TABLE "account" ADD COLUMN "nickname" TEXT;
ALTER TABLE "account" ADD CONSTRAINT "account_nickname_length" CHECK (nickname IS NULL OR char_length(nickname) BETWEEN 1 AND 100);
