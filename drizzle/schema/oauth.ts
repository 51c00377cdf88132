import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { apiKeys } from "./auth";

/**
 * OAuth clients of the MCP authorization server (issue 41): registered dynamically (RFC 7591,
 * `client_id` ours) or known by their client ID metadata document (`client_id` is the document's
 * HTTPS URL, refreshed when stale). A confidential client's secret is stored as SHA-256 only.
 */
export const oauthClients = pgTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  kind: text("kind", { enum: ["dynamic", "metadata_document"] }).notNull(),
  clientName: text("client_name").notNull(),
  clientUri: text("client_uri"),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
  tokenEndpointAuthMethod: text("token_endpoint_auth_method").notNull().default("none"),
  clientSecretHash: text("client_secret_hash"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }),
});

/** What a user allowed one client at the consent page: trips, level and weather; revoked as a whole. */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    tripIds: integer("trip_ids").array().notNull(),
    level: text("level", { enum: ["read", "propose", "write"] }).notNull(),
    weather: boolean("weather").notNull().default(false),
    /** The grant's own API key for the weather tools (billed as API calls); revoked with the grant. */
    weatherKeyId: integer("weather_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    resource: text("resource").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("oauth_grants_user_idx").on(t.userId)],
);

/** Authorization codes (SHA-256 only): one use, ten minutes; a second use revokes the grant. */
export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  grantId: integer("grant_id")
    .notNull()
    .references(() => oauthGrants.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Rotating refresh tokens (SHA-256 only): each use spends it for a new one; a spent one used again revokes the grant. */
export const oauthRefreshTokens = pgTable(
  "oauth_refresh_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    grantId: integer("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("oauth_refresh_tokens_grant_idx").on(t.grantId)],
);
