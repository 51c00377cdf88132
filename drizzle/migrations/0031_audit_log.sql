ALTER TABLE "audit_events" ADD COLUMN "credential" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "ip" text;--> statement-breakpoint
UPDATE "audit_events" SET "credential" = 'session', "actor" = 'user:' || substr("actor", 9) WHERE "actor" LIKE 'session:%';--> statement-breakpoint
UPDATE "audit_events" SET "credential" = "actor" WHERE "actor" LIKE 'api_key:%';--> statement-breakpoint
UPDATE "audit_events" SET "target" = 'webhook_endpoint:' || "target", "action" = CASE "action" WHEN 'webhook.secret_revealed' THEN 'webhook_secret.revealed' WHEN 'webhook.secret_rotated' THEN 'webhook_secret.rotated' ELSE "action" END WHERE "action" LIKE 'webhook.secret_%';--> statement-breakpoint
DROP INDEX IF EXISTS "audit_events_account_idx";--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_account_action_idx" ON "audit_events" USING btree ("account_id","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_account_actor_idx" ON "audit_events" USING btree ("account_id","actor","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_account_target_idx" ON "audit_events" USING btree ("account_id","target","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'audit_events is append-only';
  END IF;
  IF OLD.created_at > now() - interval '365 days' THEN
    RAISE EXCEPTION 'audit_events rows are kept 365 days';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
