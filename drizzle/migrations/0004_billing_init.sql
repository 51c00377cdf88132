CREATE TABLE "usage_counters" (
	"account_id" uuid NOT NULL,
	"period" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"timeline_items" integer DEFAULT 0 NOT NULL,
	"route_calls" integer DEFAULT 0 NOT NULL,
	"billing_units" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_counters_account_id_period_pk" PRIMARY KEY("account_id","period")
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"endpoint" text NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_account_id_day_endpoint_pk" PRIMARY KEY("account_id","day","endpoint")
);
--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_daily_account_day_idx" ON "usage_daily" USING btree ("account_id","day");