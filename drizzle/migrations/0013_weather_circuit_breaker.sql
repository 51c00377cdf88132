ALTER TABLE "weather_refresh_claims" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "weather_refresh_claims" ADD COLUMN "open_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weather_refresh_claims" ADD COLUMN "last_error" jsonb;