CREATE TABLE "weather_refresh_claims" (
	"cache_key" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
