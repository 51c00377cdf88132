-- GET /v1/requests?status=429 read every 4xx row of the account through an index on (status / 100):
-- an exact status reads only its own rows now, and a class (4xx) is a range of the same index (decision 0168).
DROP INDEX "request_log_status_class_idx";--> statement-breakpoint
CREATE INDEX "request_log_status_at_idx" ON "request_log" USING btree ("account_id","status","at");
