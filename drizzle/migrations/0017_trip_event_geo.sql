ALTER TABLE "trip_events" ADD COLUMN "activity_type" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "geo_source" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "geo_name" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "geo_country_code" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "geo_time_zone" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "geo_reason" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "arrival_lat" double precision;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "arrival_lng" double precision;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "arrival_name" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "arrival_country_code" text;--> statement-breakpoint
ALTER TABLE "trip_events" ADD COLUMN "arrival_time_zone" text;