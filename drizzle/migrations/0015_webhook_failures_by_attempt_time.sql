ALTER TABLE "webhook_endpoints" ADD COLUMN "last_success_attempted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_failed_idx" ON "webhook_attempts" USING btree ("endpoint_id","attempted_at") WHERE status <> 'delivered';--> statement-breakpoint
-- Endpoints that already exist: their latest recorded success (failures attempted before it are not consecutive).
UPDATE "webhook_endpoints" e SET "last_success_attempted_at" = (SELECT max(a."attempted_at") FROM "webhook_attempts" a WHERE a."endpoint_id" = e."id" AND a."status" = 'delivered');
