-- Cross-instance cache invalidation (issue 15). Each instance caches credentials and the
-- visa snapshot in process; these triggers NOTIFY at commit whenever what they grant or
-- hold changes, from any writer (API, admin CLI, SQL). Statement-level: one notification
-- per statement, and lastUsedAt touches (not in the column lists) notify nothing.
CREATE OR REPLACE FUNCTION notify_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('skycast_credentials', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_credentials_changed AFTER UPDATE OF revoked_at, expires_at, scopes, key_hash, account_id, user_id, is_internal OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_credentials_changed();
--> statement-breakpoint
CREATE TRIGGER access_tokens_credentials_changed AFTER UPDATE OF revoked_at, expires_at, token_hash, user_id OR DELETE ON access_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_credentials_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_credentials_changed AFTER UPDATE OF plan, environment, limit_overrides OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_credentials_changed();
--> statement-breakpoint
CREATE TRIGGER users_credentials_changed AFTER UPDATE OF account_id OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_credentials_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_visa_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('skycast_visa_data', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visa_imports_data_changed AFTER INSERT OR UPDATE OR DELETE ON visa_imports
  FOR EACH STATEMENT EXECUTE FUNCTION notify_visa_data_changed();
--> statement-breakpoint
CREATE TRIGGER visa_requirements_data_changed AFTER INSERT OR UPDATE OR DELETE ON visa_requirements
  FOR EACH STATEMENT EXECUTE FUNCTION notify_visa_data_changed();
