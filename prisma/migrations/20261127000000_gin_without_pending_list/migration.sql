-- GIN indexes without a pending list (docs/decisions/0030). With fastupdate on, new entries wait in an
-- unsorted list that every search of the index reads in full until VACUUM merges it. The embedded database
-- (PGlite) runs no autovacuum, so after the demo's seed the list held 249 pages and an audience filter read
-- them all: 11 ms for an audience few events have, 0.23 ms once merged (PostgreSQL 15, the bench's 50,000
-- events). Staff write events and records a few at a time; each write now updates the index itself.
ALTER INDEX "event_audience_gin_idx" SET (fastupdate = off);
ALTER INDEX "membership_record_search_name_trgm_idx" SET (fastupdate = off);
-- What is already waiting is merged now.
SELECT gin_clean_pending_list('event_audience_gin_idx'::regclass);
SELECT gin_clean_pending_list('membership_record_search_name_trgm_idx'::regclass);
