CREATE TABLE "visa_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"passport" char(2) NOT NULL,
	"destination" char(2) NOT NULL,
	"purpose" text NOT NULL,
	"change_type" text NOT NULL,
	"previous_category" text,
	"previous_allowed_stay_days" integer,
	"previous_raw" text,
	"category" text,
	"allowed_stay_days" integer,
	"raw" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"file_sha256" text,
	"effective_date" date NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"row_count" integer NOT NULL,
	"change_count" integer DEFAULT 0 NOT NULL,
	"baseline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"hourly_limit" integer DEFAULT 1000 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "visa_keys_hourly_limit_range" CHECK ("visa_keys"."hourly_limit" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "visa_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"passport" char(2) NOT NULL,
	"destination" char(2) NOT NULL,
	"purpose" text NOT NULL,
	"category" text NOT NULL,
	"allowed_stay_days" integer,
	"raw_requirement" text NOT NULL,
	"source" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"effective_date" date NOT NULL,
	"import_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_usage_windows" (
	"key_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	"hourly_limit" integer NOT NULL,
	CONSTRAINT "visa_usage_windows_key_id_window_start_pk" PRIMARY KEY("key_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "visa_changes" ADD CONSTRAINT "visa_changes_import_id_visa_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."visa_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_keys" ADD CONSTRAINT "visa_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_keys" ADD CONSTRAINT "visa_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_requirements" ADD CONSTRAINT "visa_requirements_import_id_visa_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."visa_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_usage_windows" ADD CONSTRAINT "visa_usage_windows_key_id_visa_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."visa_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visa_changes_effective_idx" ON "visa_changes" USING btree ("effective_date","id");--> statement-breakpoint
CREATE INDEX "visa_changes_import_idx" ON "visa_changes" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "visa_keys_account_idx" ON "visa_keys" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visa_requirements_triple_idx" ON "visa_requirements" USING btree ("passport","destination","purpose");--> statement-breakpoint
CREATE INDEX "visa_requirements_destination_idx" ON "visa_requirements" USING btree ("destination","purpose");