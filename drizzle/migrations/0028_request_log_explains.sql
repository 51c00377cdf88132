ALTER TABLE "request_log" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
CREATE INDEX "request_log_credential_at_idx" ON "request_log" USING btree ("account_id","credential_type","credential_id","at");
