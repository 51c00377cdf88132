-- Issue 33: trip watches follow the itinerary. trip_id names the trip followed (target_type =
-- trip); trip_state holds the planner threshold and each followed event's latest risk (read as
-- the watch's `trip`). The list item is unchanged.
ALTER TABLE "watches" ADD COLUMN "trip_id" integer;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "trip_state" jsonb;--> statement-breakpoint
CREATE INDEX "watches_trip_idx" ON "watches" USING btree ("trip_id","account_id") WHERE trip_id IS NOT NULL;
--> statement-breakpoint
-- The list item gains planner_threshold (null unless target_type = trip).
CREATE OR REPLACE FUNCTION watch_list_item_json(w watches) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'watch_id', w.id, 'status', w.status, 'target_type', w.target_type,
    'target_ref', w.target_ref, 'latitude', w.latitude, 'longitude', w.longitude,
    'place_type', w.place_type, 'activity_type', w.activity_type,
    'transport_mode', w.transport_mode, 'outdoor', w.outdoor,
    'starts_at', to_char(w.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'ends_at', to_char(w.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'webhook_url', w.webhook_url, 'webhook_id', w.webhook_endpoint_id, 'change_rules', w.change_rules,
    'planner_threshold', w.trip_state->'planner_threshold',
    'next_check_at', to_char(w.next_check_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'created_at', to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'last_checked_at', to_char(w.last_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'last_risk_level', w.last_risk_level, 'failure_count', w.failure_count,
    'expired_at', to_char(w.expired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(w.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;
--> statement-breakpoint
UPDATE watches SET list_item = watch_list_item_json(watches);
