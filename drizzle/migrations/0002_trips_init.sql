CREATE TABLE "trip_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"location" text,
	"notes" text,
	"cost" double precision,
	"departure_airport" text,
	"arrival_airport" text,
	"flight_number" text,
	"airline" text,
	"booking_reference" text,
	"subtype" text,
	"check_in_time" text,
	"check_out_time" text,
	"address" text,
	"confirmation_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_members" (
	"trip_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_members_trip_id_user_id_pk" PRIMARY KEY("trip_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trip_ops" (
	"trip_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"affected_event_ids" integer[] NOT NULL,
	"deleted_event_ids" integer[] NOT NULL,
	"actor_user_id" uuid,
	"op_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_ops_trip_id_revision_pk" PRIMARY KEY("trip_id","revision")
);
--> statement-breakpoint
CREATE TABLE "trip_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"actor_agent_id" text NOT NULL,
	"entities" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"selected_option_id" text,
	"created_event_ids" integer[],
	"rejection_reason" text,
	"created_by" uuid,
	"resolved_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"revision" integer DEFAULT 0 NOT NULL,
	"op_log_floor" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_events" ADD CONSTRAINT "trip_events_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ops" ADD CONSTRAINT "trip_ops_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ops" ADD CONSTRAINT "trip_ops_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_proposals" ADD CONSTRAINT "trip_proposals_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_proposals" ADD CONSTRAINT "trip_proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_proposals" ADD CONSTRAINT "trip_proposals_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_events_trip_start_idx" ON "trip_events" USING btree ("trip_id","start_at");--> statement-breakpoint
CREATE INDEX "trip_members_user_idx" ON "trip_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_ops_op_id_idx" ON "trip_ops" USING btree ("trip_id","op_id") WHERE "trip_ops"."op_id" is not null;--> statement-breakpoint
CREATE INDEX "trip_ops_created_idx" ON "trip_ops" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trip_proposals_trip_idx" ON "trip_proposals" USING btree ("trip_id","created_at");