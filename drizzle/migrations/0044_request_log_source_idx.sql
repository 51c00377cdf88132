CREATE INDEX "request_log_source_at_idx" ON "request_log" USING btree ("account_id","source","at");
