ALTER TABLE "trip_events" ADD COLUMN "fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "arrival_location" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "arrival_source" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "buffers" jsonb;--> statement-breakpoint
-- Flights written before this migration carry their arrival airport's point: say so (nothing else changes).
UPDATE "trip_events" SET "arrival_source" = 'airport' WHERE "arrival_lat" IS NOT NULL AND "arrival_source" IS NULL;--> statement-breakpoint
-- A stay's start is its check-in: the stored day at the stored check-in time, in the event's zone.
UPDATE "trip_events"
SET "start_at" = ((("start_at" AT TIME ZONE "time_zone")::date + "check_in_time"::time) AT TIME ZONE "time_zone")
WHERE "type" = 'accommodation' AND "check_in_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$';--> statement-breakpoint
-- Its end is its check-out: when the stored end is on a later day (the nights are known), that day at the check-out time.
-- A stay with no end, or ending on its first day, keeps what it had (how many nights is not known).
UPDATE "trip_events"
SET "end_at" = ((("end_at" AT TIME ZONE "time_zone")::date + "check_out_time"::time) AT TIME ZONE "time_zone")
WHERE "type" = 'accommodation' AND "end_at" IS NOT NULL AND "check_out_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
  AND ("end_at" AT TIME ZONE "time_zone")::date > ("start_at" AT TIME ZONE "time_zone")::date;
