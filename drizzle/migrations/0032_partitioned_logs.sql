-- Issue 32: request_log, webhook_attempts and audit_events become RANGE-partitioned on their time
-- column (daily, daily, monthly), so retention drops whole partitions instead of DELETE. Each table
-- is rebuilt: the old one is renamed, a partitioned copy (LIKE: same columns, defaults, NOT NULLs)
-- takes its name, partitions covering its rows (bounded: older rows land in DEFAULT and leave by the
-- retention DELETE there) plus the days ahead are created, rows are copied, the old table dropped.
-- Nothing references these tables by foreign key. lib/db/log-partitions.ts manages them afterwards.
CREATE OR REPLACE FUNCTION log_partition_ensure(parent text, col text, part text, lo timestamptz, hi timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE busy boolean;
BEGIN
  -- Two instances may run the job at once: the second waits here, then finds the table.
  PERFORM pg_advisory_xact_lock(hashtext('log_partition:' || part));
  IF to_regclass(quote_ident(part)) IS NOT NULL THEN RETURN false; END IF;
  -- Rows already in DEFAULT for this range would make CREATE … PARTITION OF fail: they stay there
  -- (inserts keep landing in DEFAULT, which the retention DELETE covers).
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', parent || '_default', col, col) INTO busy USING lo, hi;
  IF busy THEN RETURN false; END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent, lo, hi);
  RETURN true;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION log_partitions_cover(parent text, col text, unit text, lo timestamptz, hi timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE d timestamptz;
BEGIN
  d := date_trunc(unit, lo, 'UTC');
  WHILE d < hi LOOP
    PERFORM log_partition_ensure(parent, col,
      parent || '_p' || to_char(d AT TIME ZONE 'UTC', CASE unit WHEN 'day' THEN 'YYYYMMDD' ELSE 'YYYYMM' END),
      d, d + ('1 ' || unit)::interval);
    d := d + ('1 ' || unit)::interval;
  END LOOP;
END $$;--> statement-breakpoint

ALTER TABLE "request_log" RENAME TO "request_log_old";--> statement-breakpoint
ALTER SEQUENCE "request_log_id_seq" OWNED BY NONE;--> statement-breakpoint
DROP INDEX "request_log_account_at_idx";--> statement-breakpoint
DROP INDEX "request_log_request_id_idx";--> statement-breakpoint
DROP INDEX "request_log_at_idx";--> statement-breakpoint
DROP INDEX "request_log_credential_at_idx";--> statement-breakpoint
CREATE TABLE "request_log" (LIKE "request_log_old" INCLUDING DEFAULTS) PARTITION BY RANGE ("at");--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_id_at_pk" PRIMARY KEY ("id", "at");--> statement-breakpoint
CREATE TABLE "request_log_default" PARTITION OF "request_log" DEFAULT;--> statement-breakpoint
SELECT log_partitions_cover('request_log', 'at', 'day',
  greatest(coalesce((SELECT min("at") FROM "request_log_old"), now()), now() - interval '8 days'), now() + interval '8 days');--> statement-breakpoint
INSERT INTO "request_log" SELECT * FROM "request_log_old";--> statement-breakpoint
DROP TABLE "request_log_old";--> statement-breakpoint
ALTER SEQUENCE "request_log_id_seq" OWNED BY "request_log"."id";--> statement-breakpoint
CREATE INDEX "request_log_account_at_idx" ON "request_log" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "request_log_request_id_idx" ON "request_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_log_at_idx" ON "request_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "request_log_credential_at_idx" ON "request_log" USING btree ("account_id","credential_type","credential_id","at");--> statement-breakpoint
CREATE INDEX "request_log_status_class_idx" ON "request_log" USING btree ("account_id",("status" / 100),"at");--> statement-breakpoint
CREATE INDEX "request_log_path_idx" ON "request_log" USING btree ("account_id","path" text_pattern_ops,"at");--> statement-breakpoint

ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_old";--> statement-breakpoint
DROP INDEX "webhook_attempts_endpoint_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_endpoint_failed_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_event_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_account_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_delivery_number_idx";--> statement-breakpoint
CREATE TABLE "webhook_attempts" (LIKE "webhook_attempts_old" INCLUDING DEFAULTS) PARTITION BY RANGE ("attempted_at");--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_id_attempted_at_pk" PRIMARY KEY ("id", "attempted_at");--> statement-breakpoint
CREATE TABLE "webhook_attempts_default" PARTITION OF "webhook_attempts" DEFAULT;--> statement-breakpoint
SELECT log_partitions_cover('webhook_attempts', 'attempted_at', 'day',
  greatest(coalesce((SELECT min("attempted_at") FROM "webhook_attempts_old"), now()), now() - interval '31 days'), now() + interval '8 days');--> statement-breakpoint
INSERT INTO "webhook_attempts" SELECT * FROM "webhook_attempts_old";--> statement-breakpoint
DROP TABLE "webhook_attempts_old";--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","attempted_at","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_failed_idx" ON "webhook_attempts" USING btree ("endpoint_id","attempted_at") WHERE status <> 'delivered';--> statement-breakpoint
CREATE INDEX "webhook_attempts_event_idx" ON "webhook_attempts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_status_idx" ON "webhook_attempts" USING btree ("endpoint_id","status","attempted_at","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_account_idx" ON "webhook_attempts" USING btree ("account_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_delivery_number_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt_number","attempted_at");--> statement-breakpoint

ALTER TABLE "audit_events" RENAME TO "audit_events_old";--> statement-breakpoint
DROP INDEX "audit_events_account_idx";--> statement-breakpoint
DROP INDEX "audit_events_account_action_idx";--> statement-breakpoint
DROP INDEX "audit_events_account_actor_idx";--> statement-breakpoint
DROP INDEX "audit_events_account_target_idx";--> statement-breakpoint
DROP INDEX "audit_events_created_idx";--> statement-breakpoint
CREATE TABLE "audit_events" (LIKE "audit_events_old" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_id_created_at_pk" PRIMARY KEY ("id", "created_at");--> statement-breakpoint
CREATE TABLE "audit_events_default" PARTITION OF "audit_events" DEFAULT;--> statement-breakpoint
SELECT log_partitions_cover('audit_events', 'created_at', 'month',
  greatest(coalesce((SELECT min("created_at") FROM "audit_events_old"), now()), now() - interval '13 months'), now() + interval '3 months');--> statement-breakpoint
INSERT INTO "audit_events" SELECT * FROM "audit_events_old";--> statement-breakpoint
DROP TABLE "audit_events_old";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_account_action_idx" ON "audit_events" USING btree ("account_id","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_account_actor_idx" ON "audit_events" USING btree ("account_id","actor","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_account_target_idx" ON "audit_events" USING btree ("account_id","target","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
-- The append-only rule (migration 0031) holds on every partition (a row trigger on a partitioned
-- table is cloned to each); a DROP of a whole expired partition fires no row trigger.
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
