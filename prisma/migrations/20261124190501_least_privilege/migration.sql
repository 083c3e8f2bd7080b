-- docs/decisions/0018-least-privilege.md

-- A parked authorization request now belongs to the browser that started it. Requests parked before this
-- migration have no such binding: they are dropped (they live 30 minutes; the member starts again).
DELETE FROM "authorization_request";

-- AlterTable
ALTER TABLE "authorization_request" DROP COLUMN "consented_at",
ADD COLUMN     "browser_hash" TEXT NOT NULL,
ADD COLUMN     "consented_session_id" UUID,
ADD COLUMN     "denied_session_id" UUID;

-- AlterTable
ALTER TABLE "oauth_grant" ADD COLUMN     "offline_until" TIMESTAMPTZ(3);

-- Grants made before this migration all carried offline_access (refresh tokens came only with it): they
-- keep outliving their session, up to the new absolute maximum counted from when they were made.
UPDATE "oauth_grant" SET "offline_until" = "created_at" + interval '90 days'
 WHERE ' ' || "scope" || ' ' LIKE '% offline\_access %' AND "revoked_at" IS NULL;

-- AlterTable
ALTER TABLE "session" ADD COLUMN     "idle_timeout_seconds" INTEGER NOT NULL DEFAULT 1209600;

-- The member portal (the first-party client whose redirect URI is next-auth's callback) asks for the scopes
-- of account control and staff rights from now on; a registration made before them gets them, so a deployed
-- portal keeps signing members in. Other first-party clients keep what they were registered for.
UPDATE "client"
   SET "scopes" = ARRAY(SELECT DISTINCT s FROM unnest("scopes" || ARRAY[
         'membership', 'account:sessions', 'account:mfa', 'account:recovery', 'account:consents', 'account:privacy',
         'account:family', 'account:dependents', 'account:linked-identities', 'account:membership', 'staff']) AS s ORDER BY s)
 WHERE "first_party" AND EXISTS (SELECT 1 FROM unnest("redirect_uris") AS u WHERE u LIKE '%/api/auth/callback/church');
