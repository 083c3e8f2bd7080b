-- The member portal gets the scope of the member's own name and password (Account › Profile, Security ›
-- Password), as in 20261126081955_check_in: a portal registered before it would otherwise ask for a scope
-- it does not hold.
UPDATE "client"
   SET "scopes" = ARRAY(SELECT DISTINCT s FROM unnest("scopes" || ARRAY['account:profile']) AS s ORDER BY s)
 WHERE "first_party" AND EXISTS (SELECT 1 FROM unnest("redirect_uris") AS u WHERE u LIKE '%/api/auth/callback/church');
