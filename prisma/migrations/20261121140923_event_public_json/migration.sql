-- AlterTable
ALTER TABLE "event" ADD COLUMN     "public_json" TEXT;

-- The one serializer of public events (docs/decisions/0001): the CalendarEvent as JSON, built when the
-- row is written instead of on every read. json_strip_nulls omits optional fields rather than writing
-- null; json (not jsonb) keeps the contract's field order. imageUrl keeps the stored path; readers make
-- it absolute with the deployment's ASSET_URL.
CREATE OR REPLACE FUNCTION event_public_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.public_json := json_strip_nulls(json_build_object(
    'eventId', NEW.id,
    'slug', NEW.slug,
    'url', '/calendar/' || NEW.slug,
    'title', NEW.title,
    'description', NEW.description,
    'eventType', NEW.event_type,
    'serviceType', NEW.service_type,
    'startDate', NEW.start_date,
    'startTime', NEW.start_time,
    'endDate', NEW.end_date,
    'endTime', NEW.end_time,
    'timezone', NEW.timezone,
    'ministryId', NEW.ministry_id,
    'campusId', NEW.campus_id,
    'seriesId', NEW.series_id,
    'status', NEW.status,
    'visibility', NEW.visibility,
    'audience', COALESCE(NEW.audience, '{}'),
    'attendanceModes', COALESCE(NEW.attendance_modes, '{}'),
    'capacity', NEW.capacity,
    'organizer', NEW.organizer,
    'imageUrl', NEW.image_url,
    'registrationUrl', NEW.registration_url,
    'location', CASE WHEN NEW.location_name IS NOT NULL AND NEW.location_address IS NOT NULL THEN json_build_object(
      'name', NEW.location_name,
      'address', NEW.location_address,
      'coordinates', CASE WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
        THEN json_build_object('latitude', NEW.latitude, 'longitude', NEW.longitude) END
    ) END,
    'tags', COALESCE(NEW.tags, '{}'),
    'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ))::text;
  RETURN NEW;
END
$$;

CREATE TRIGGER event_public_json BEFORE INSERT OR UPDATE ON "event"
  FOR EACH ROW EXECUTE FUNCTION event_public_json();

-- Existing rows: any update fires the trigger.
UPDATE "event" SET "public_json" = NULL;
