ALTER TABLE "watches" ADD COLUMN "list_item" text;--> statement-breakpoint
-- A watch's list item (GET /v1/weather/watch's `watches[]` shape) as JSON text, kept by a trigger
-- so every writer (API, jobs, admin CLI, SQL) keeps it current and a list page is a concatenation
-- of stored text: building 20 objects with 7 formatted timestamps per request was most of the
-- list's database CPU (issue 15). Timestamps as toISOString() writes them (UTC, milliseconds).
-- The read (lib/watches/read-watches.ts) extends this text with its own fields. A change to the
-- list item's fields is a new migration replacing this function (and re-running the backfill).
CREATE OR REPLACE FUNCTION watch_list_item_json(w watches) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'watch_id', w.id, 'status', w.status, 'target_type', w.target_type,
    'target_ref', w.target_ref, 'latitude', w.latitude, 'longitude', w.longitude,
    'place_type', w.place_type, 'activity_type', w.activity_type,
    'transport_mode', w.transport_mode, 'outdoor', w.outdoor,
    'starts_at', to_char(w.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'ends_at', to_char(w.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'webhook_url', w.webhook_url, 'change_rules', w.change_rules,
    'next_check_at', to_char(w.next_check_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'created_at', to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'last_checked_at', to_char(w.last_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'last_risk_level', w.last_risk_level, 'failure_count', w.failure_count,
    'expired_at', to_char(w.expired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(w.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION watches_set_list_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := watch_list_item_json(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER watches_list_item BEFORE INSERT OR UPDATE ON watches
  FOR EACH ROW EXECUTE FUNCTION watches_set_list_item();
--> statement-breakpoint
UPDATE watches SET list_item = watch_list_item_json(watches);
