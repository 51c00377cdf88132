-- Issue 43: a stored response is bound to the credential that made it. Existing rows (kept, not lost)
-- become "legacy": replayed to nobody, deleted by the prune job when their 24 h run out.
ALTER TABLE "idempotency_keys" ADD COLUMN "principal" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "principal" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_account_id_operation_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_principal_operation_key_pk" PRIMARY KEY("account_id","principal","operation","key");
