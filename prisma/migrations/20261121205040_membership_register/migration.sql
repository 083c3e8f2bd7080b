-- Trigram similarity for the membership register's ranked search (docs/decisions/0012). Prisma never
-- writes CREATE EXTENSION; PGlite loads pg_trgm on every instance (lib/db.ts), so this works there too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "membership_record" (
    "id" TEXT NOT NULL,
    "given_name" TEXT NOT NULL,
    "family_name" TEXT NOT NULL,
    "birth_date" VARCHAR(10),
    "email" TEXT,
    "phone" TEXT,
    "household_id" TEXT,
    "campus_id" TEXT,
    "search_name" TEXT NOT NULL DEFAULT '',
    "search_email" TEXT,
    "search_phone" TEXT,
    "linked_user_id" UUID,
    "linked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_record_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership_link_request" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "membership_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_link_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "membership_record_linked_user_id_key" ON "membership_record"("linked_user_id");

-- CreateIndex
CREATE INDEX "membership_record_search_name_trgm_idx" ON "membership_record" USING GIN ("search_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "membership_record_search_email_trgm_idx" ON "membership_record" USING GIN ("search_email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "membership_record_search_phone_trgm_idx" ON "membership_record" USING GIN ("search_phone" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "membership_record_household_id_idx" ON "membership_record"("household_id");

-- CreateIndex
CREATE INDEX "membership_link_request_user_id_created_at_idx" ON "membership_link_request"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "membership_link_request_status_created_at_idx" ON "membership_link_request"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "membership_link_request_membership_id_user_id_key" ON "membership_link_request"("membership_id", "user_id");

-- AddForeignKey
ALTER TABLE "membership_record" ADD CONSTRAINT "membership_record_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campus"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_record" ADD CONSTRAINT "membership_record_linked_user_id_fkey" FOREIGN KEY ("linked_user_id") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_link_request" ADD CONSTRAINT "membership_link_request_membership_id_fkey" FOREIGN KEY ("membership_id") REFERENCES "membership_record"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_link_request" ADD CONSTRAINT "membership_link_request_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The register's search keys, folded the same way for records and for queries, in SQL so every writer
-- (seed, staff tools, tests) gets them: accents and other marks dropped (NFD, then the combining marks
-- removed, before lower() because a database with the C locale lower-cases ASCII only), the letters that
-- do not decompose spelled out (ß → ss, ø → o, ł → l ...), apostrophes dropped (O'Brien → obrien), any
-- other run of punctuation or spaces one space. lib/membership/fold-name.ts is its twin for the few
-- places that fold in the application (nickname look-up, tests).
CREATE OR REPLACE FUNCTION membership_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    lower(translate(
      replace(replace(replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g'),
        'ß', 'ss'), 'ẞ', 'SS'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE'), 'þ', 'th'), 'Þ', 'TH'), 'ĳ', 'ij'),
      'øØłŁđĐðÐħĦı''’ʼ`', 'oOlLdDdDhHi')),
    '[^a-z0-9\u0080-\uffff]+', ' ', 'g'))
$$;

CREATE OR REPLACE FUNCTION membership_record_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := coalesce(membership_fold(NEW.given_name || ' ' || NEW.family_name), '');
  NEW.search_email := lower(btrim(NEW.email));
  NEW.search_phone := nullif(regexp_replace(coalesce(NEW.phone, ''), '[^0-9]', '', 'g'), '');
  RETURN NEW;
END
$$;

CREATE TRIGGER membership_record_search
  BEFORE INSERT OR UPDATE OF given_name, family_name, email, phone ON "membership_record"
  FOR EACH ROW EXECUTE FUNCTION membership_record_search();
