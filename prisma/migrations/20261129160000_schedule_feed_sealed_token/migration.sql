-- The private calendar feed's token, sealed with the server's key, so a member can see the address again after a
-- recent sign-in and add it to a second device without breaking the first (docs/decisions/0025). Feeds made
-- before keep only their hash: their address can be replaced, not shown again.
ALTER TABLE "calendar_feed_token" ADD COLUMN "token_sealed" TEXT;
