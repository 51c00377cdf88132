ALTER TABLE "access_tokens" ADD COLUMN "trip_ids" integer[];--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "scopes" text[] DEFAULT ARRAY['trips:read','trips:propose','trips:write']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "tool" text;