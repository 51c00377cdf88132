ALTER TABLE "trip_proposals" ADD COLUMN "base_revision" integer;--> statement-breakpoint
ALTER TABLE "trip_proposals" ADD COLUMN "subject_event_id" integer;--> statement-breakpoint
ALTER TABLE "trip_proposals" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_proposals_open_planner_idx" ON "trip_proposals" USING btree ("trip_id","subject_event_id") WHERE "trip_proposals"."status" = 'pending' AND "trip_proposals"."actor_agent_id" = 'skycast-weather-planner' AND "trip_proposals"."subject_event_id" IS NOT NULL;