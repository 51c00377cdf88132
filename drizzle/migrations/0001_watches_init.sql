CREATE TABLE "watch_billing_days" (
	"watch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_billing_days_watch_id_day_pk" PRIMARY KEY("watch_id","day")
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"watch_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"snapshot_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"target_type" text NOT NULL,
	"target_ref" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"place_type" text NOT NULL,
	"activity_type" text NOT NULL,
	"transport_mode" text,
	"outdoor" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"webhook_url" text NOT NULL,
	"change_rules" jsonb NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_risk_level" text,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"latest_snapshot" jsonb,
	"latest_risk" jsonb,
	"last_accrued_on" date,
	"paused_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_billing_days" ADD CONSTRAINT "watch_billing_days_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_events_watch_created_idx" ON "watch_events" USING btree ("watch_id","created_at");--> statement-breakpoint
CREATE INDEX "watches_account_created_idx" ON "watches" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "watches_due_idx" ON "watches" USING btree ("next_check_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "watches_active_account_idx" ON "watches" USING btree ("account_id") WHERE status = 'active';