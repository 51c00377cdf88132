CREATE TABLE "weather_upstream_budget" (
	"provider" text PRIMARY KEY NOT NULL,
	"minute" bigint NOT NULL,
	"minute_calls" integer NOT NULL,
	"day" integer NOT NULL,
	"day_calls" integer NOT NULL
);
