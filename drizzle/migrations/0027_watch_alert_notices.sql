CREATE TABLE "watch_alert_notices" (
	"watch_id" uuid NOT NULL,
	"alert_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_alert_notices_watch_id_alert_key_pk" PRIMARY KEY("watch_id","alert_key")
);
--> statement-breakpoint
ALTER TABLE "watch_alert_notices" ADD CONSTRAINT "watch_alert_notices_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;