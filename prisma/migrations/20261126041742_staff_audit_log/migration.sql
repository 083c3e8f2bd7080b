-- CreateTable
CREATE TABLE "staff_audit_entry" (
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" UUID NOT NULL,
    "actor_email" TEXT,
    "actor_name" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "target_id" TEXT,
    "request_id" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "staff_audit_entry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "staff_audit_entry_at_id_idx" ON "staff_audit_entry"("at" DESC, "id");

-- CreateIndex
CREATE INDEX "staff_audit_entry_actor_id_at_idx" ON "staff_audit_entry"("actor_id", "at" DESC);

-- CreateIndex
CREATE INDEX "staff_audit_entry_section_at_idx" ON "staff_audit_entry"("section", "at" DESC);


-- Written by hand (docs/decisions/0020-staff-audit-log.md): the rows a staff write changes are recorded by
-- PostgreSQL itself, in the write's own transaction, so no service can forget to and no rollback can leave
-- a record of what did not happen. lib/http/identity.ts opens the entry and names it in the transaction's
-- setting `church.audit_entry`; outside a staff write the setting is empty and the trigger does nothing.

-- A row as the record shows it: a secret, a hash or a sealed value only as "(hidden)" (that it is there, or
-- that it changed, never what it is), and without what is derived from columns already shown (an event's
-- public JSON, a record's folded search keys).
CREATE OR REPLACE FUNCTION audit_visible(row_json jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE
           WHEN jsonb_typeof(value) <> 'null' AND (key LIKE '%hash%' OR key LIKE '%encrypted%' OR key LIKE '%secret%') THEN '"(hidden)"'::jsonb
           ELSE value END), '{}'::jsonb)
  FROM jsonb_each(row_json)
  WHERE key <> 'public_json' AND key NOT LIKE 'search\_%'
$$;

CREATE OR REPLACE FUNCTION audit_staff_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry text := current_setting('church.audit_entry', true);
  old_row jsonb;
  new_row jsonb;
  whole jsonb;
  before_values jsonb;
  after_values jsonb;
BEGIN
  IF entry IS NULL OR entry = '' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  whole := coalesce(new_row, old_row);
  IF TG_OP = 'UPDATE' THEN
    -- Only the columns that changed (compared before hiding, so a new secret shows as changed), before and after.
    SELECT audit_visible(coalesce(jsonb_object_agg(key, value), '{}'::jsonb)) INTO before_values
      FROM jsonb_each(old_row) WHERE value IS DISTINCT FROM new_row -> key;
    SELECT audit_visible(coalesce(jsonb_object_agg(key, value), '{}'::jsonb)) INTO after_values
      FROM jsonb_each(new_row) WHERE value IS DISTINCT FROM old_row -> key;
    IF before_values = '{}'::jsonb AND after_values = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  ELSE
    before_values := audit_visible(old_row);
    after_values := audit_visible(new_row);
  END IF;
  UPDATE "staff_audit_entry"
     SET "changes" = "changes" || jsonb_build_array(jsonb_build_object(
           'table', TG_TABLE_NAME,
           'id', coalesce(whole ->> 'id', concat_ws(':', whole ->> 'family_id', whole ->> 'user_id', whole ->> 'role_id')),
           'operation', lower(TG_OP),
           'before', before_values,
           'after', after_values))
   WHERE "id" = entry::uuid;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  audited text;
BEGIN
  FOREACH audited IN ARRAY ARRAY['account', 'user_role', 'session', 'family', 'family_member', 'pickup_person',
    'guardianship', 'guardianship_request', 'client', 'membership_record', 'membership_link_request', 'event',
    'event_series', 'campus', 'ministry', 'role']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_staff_change()',
      audited || '_audit_staff_change', audited);
  END LOOP;
END
$$;

-- Reading the record is for administrators only.
UPDATE "role" SET "permissions" = array_append("permissions", 'audit:read')
 WHERE "name" = 'admin' AND NOT ('audit:read' = ANY ("permissions"));
UPDATE "role" SET "description" = 'Administrators: everything staff do, assigning roles and reading the audit log'
 WHERE "name" = 'admin' AND "description" = 'Administrators: everything staff do, and assigning roles';
