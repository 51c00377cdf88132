CREATE TABLE "webhook_endpoint_pacing" (
	"endpoint_id" uuid PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_alerts" (
	"account_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"threshold" integer NOT NULL,
	"period" date NOT NULL,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_alerts_account_id_dimension_threshold_period_pk" PRIMARY KEY("account_id","dimension","threshold","period")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"locked_until" timestamp with time zone,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_operation_key_pk" PRIMARY KEY("account_id","operation","key")
);
--> statement-breakpoint
ALTER TABLE "watches" ALTER COLUMN "webhook_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "webhook_endpoint_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "paced_slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "deferrals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "recovered_from" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "rate_limit_per_second" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoint_pacing" ADD CONSTRAINT "webhook_endpoint_pacing_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_alerts" ADD CONSTRAINT "quota_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_delivery_target" CHECK ((webhook_url IS NULL) <> (webhook_endpoint_id IS NULL));--> statement-breakpoint
-- The list item gains webhook_id (issue 29: a watch delivers through a registered endpoint or to a URL).
CREATE OR REPLACE FUNCTION watch_list_item_json(w watches) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'watch_id', w.id, 'status', w.status, 'target_type', w.target_type,
    'target_ref', w.target_ref, 'latitude', w.latitude, 'longitude', w.longitude,
    'place_type', w.place_type, 'activity_type', w.activity_type,
    'transport_mode', w.transport_mode, 'outdoor', w.outdoor,
    'starts_at', to_char(w.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'ends_at', to_char(w.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'webhook_url', w.webhook_url, 'webhook_id', w.webhook_endpoint_id, 'change_rules', w.change_rules,
    'next_check_at', to_char(w.next_check_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'created_at', to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'last_checked_at', to_char(w.last_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'last_risk_level', w.last_risk_level, 'failure_count', w.failure_count,
    'expired_at', to_char(w.expired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(w.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;
--> statement-breakpoint
UPDATE watches SET list_item = watch_list_item_json(watches);
