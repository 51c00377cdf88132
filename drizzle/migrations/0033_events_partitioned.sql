-- Issue 32: webhook_events becomes RANGE-partitioned on created_at by day, like webhook_attempts
-- (migration 0032), so retention drops whole days instead of DELETE. webhook_deliveries references
-- it: a foreign key to a partitioned table must cover its primary key (id, created_at), so
-- deliveries carry event_created_at (filled from their event here) and reference
-- (event_id, event_created_at) ON DELETE CASCADE. Postgres refuses to detach a day that rows still
-- reference: the prune first deletes that day's terminal deliveries and keeps a day with a pending
-- chain (lib/webhooks/retention.ts). The table is rebuilt as 0032 did: renamed, a partitioned copy
-- takes its name, partitions cover its rows (bounded: older rows land in DEFAULT) plus the days
-- ahead, rows are copied, the old table dropped. lib/db/log-partitions.ts manages it afterwards.
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk";--> statement-breakpoint
DROP INDEX "webhook_deliveries_event_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "event_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "webhook_deliveries" d SET "event_created_at" = e."created_at" FROM "webhook_events" e WHERE e."id" = d."event_id";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "event_created_at" SET NOT NULL;--> statement-breakpoint

ALTER TABLE "webhook_events" RENAME TO "webhook_events_old";--> statement-breakpoint
DROP INDEX "webhook_events_account_idx";--> statement-breakpoint
DROP INDEX "webhook_events_account_type_idx";--> statement-breakpoint
DROP INDEX "webhook_events_created_idx";--> statement-breakpoint
CREATE TABLE "webhook_events" (LIKE "webhook_events_old" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_id_created_at_pk" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
CREATE TABLE "webhook_events_default" PARTITION OF "webhook_events" DEFAULT;--> statement-breakpoint
SELECT log_partitions_cover('webhook_events', 'created_at', 'day',
  greatest(coalesce((SELECT min("created_at") FROM "webhook_events_old"), now()), now() - interval '31 days'), now() + interval '8 days');--> statement-breakpoint
INSERT INTO "webhook_events" SELECT * FROM "webhook_events_old";--> statement-breakpoint
DROP TABLE "webhook_events_old";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_events_account_idx" ON "webhook_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_account_type_idx" ON "webhook_events" USING btree ("account_id","type","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_account_watch_idx" ON "webhook_events" USING btree ("account_id","watch_id","created_at") WHERE watch_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint

ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("event_id","event_created_at") REFERENCES "public"."webhook_events"("id","created_at") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id","event_created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_created_idx" ON "webhook_deliveries" USING btree ("event_created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_account_status_event_idx" ON "webhook_deliveries" USING btree ("account_id","status","event_created_at","event_id");
