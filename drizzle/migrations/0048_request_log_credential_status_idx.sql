-- GET /v1/requests?token_id=…&status=4xx read every row of the token (78,000 for a busy one) to find its 4xx calls:
-- the status now follows the credential in its index, so a credential with a status reads only its matches (decision 0172).
DROP INDEX "request_log_credential_at_idx";--> statement-breakpoint
CREATE INDEX "request_log_credential_status_at_idx" ON "request_log" USING btree ("account_id","credential_type","credential_id","status","at");
