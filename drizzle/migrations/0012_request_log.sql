CREATE TABLE "request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"account_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"credential_type" text NOT NULL,
	"credential_id" text,
	"billing_units" integer DEFAULT 0 NOT NULL,
	"error_code" text
);
--> statement-breakpoint
CREATE INDEX "request_log_account_at_idx" ON "request_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "request_log_request_id_idx" ON "request_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_log_at_idx" ON "request_log" USING btree ("at");