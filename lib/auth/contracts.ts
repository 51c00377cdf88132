import { z } from "zod";
import { IntIdParam } from "@/lib/http/ids";
import { areaContract } from "@/lib/http/contract";
import { API_KEY_SCOPES, TRIP_SCOPES } from "./scopes";
import { sessionOrApiKey } from "./strategies";
import { CreateApiKeyInput } from "./api-keys";
import { CreateAccessTokenInput } from "./access-tokens";
import { RenameApiKeyInput, RollApiKeyInput } from "./roll-api-key";

const ApiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    keyPrefix: z.string().meta({ description: "Public leading part of the key, e.g. svc_AbC12xYz" }),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: "DeveloperApiKey" });

const CreatedApiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    key: z.string().meta({
      description: "The full key. Returned only in this response; store it now.",
      pattern: "^svc_[0-9A-Za-z]{32}$",
    }),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: "CreatedDeveloperApiKey" });

const KeyUsageSchema = z
  .object({
    key_id: z.number().int(),
    days: z.array(
      z.object({
        date: z.string().meta({ description: "UTC day, YYYY-MM-DD" }),
        requests: z.number().int(),
        billing_units: z.number().int(),
        errors: z.number().int().meta({ description: "Calls answered 4xx or 5xx" }),
      }),
    ),
  })
  .meta({ id: "ApiKeyUsage" });

const AccessTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tokenPrefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string(),
    trip_ids: z
      .array(z.number().int())
      .nullable()
      .meta({ description: "The trips this token is limited to; null for every trip" }),
    scopes: z.array(z.enum(TRIP_SCOPES)),
  })
  .meta({ id: "AccessToken" });

// Ids are Postgres integers: a larger id names nothing (404), never a database error.

const keyContract = areaContract({ auth: sessionOrApiKey(), tags: ["Developer keys"], family: "api" });
const tokenContract = areaContract({ auth: sessionOrApiKey(), tags: ["Access tokens"], family: "api" });

export const keyContracts = {
  listKeys: keyContract({
    operationId: "apiKeys.list",
    examples: {},
    method: "GET",
    path: "/api/developer/keys",
    summary: "List your API keys",
    description:
      "The account's keys that are not revoked, whichever member minted them. The full key value is never shown again after creation.",
    responses: { 200: { description: "Array of keys", schema: z.array(ApiKeySchema) } },
  }),
  createKey: keyContract({
    operationId: "apiKeys.create",
    examples: {
      body: {
        name: "Paris trip planner (production)",
        scopes: ["weather:read", "weather:timeline", "weather:route"],
        expiresAt: "2027-06-30T23:59:59Z",
      },
    },
    secret: true,
    method: "POST",
    path: "/api/developer/keys",
    audit: {
      action: "api_key.created",
      target: ({ data }) => `api_key:${data.id}`,
      summary: ({ body }) => ({ name: body.name, scopes: body.scopes, expires_at: body.expiresAt ?? null }),
    },
    summary: "Create an API key",
    description:
      "Returns the full key once. With an API key as the credential, the new key's scopes must be a subset of the caller's (no escalation). A production account's keys need the creating user's email address verified (403 email_not_verified; sandbox works before).",
    body: CreateApiKeyInput.meta({ id: "CreateDeveloperApiKey" }),
    responses: {
      201: { description: "The created key, with its full value", schema: CreatedApiKeySchema },
      403: {
        description:
          "insufficient_scope: an API key asked for scopes it does not hold. email_not_verified: the account is in production and the user has not confirmed their email address yet (follow the emailed link, or resend it from the portal)",
      },
    },
  }),
  revokeKey: keyContract({
    operationId: "apiKeys.revoke",
    examples: { params: { keyId: 4182 } },
    method: "DELETE",
    path: "/api/developer/keys/{keyId}",
    audit: { action: "api_key.revoked", target: ({ params }) => `api_key:${params.keyId}` },
    summary: "Revoke an API key",
    description:
      "Takes effect on the very next request made with the key. With an API key as the credential, it may revoke only keys whose scopes it holds itself.",
    params: IntIdParam("keyId"),
    responses: {
      204: { description: "Revoked" },
      403: { description: "insufficient_scope: the calling key lacks a scope the target key holds" },
    },
  }),
  renameKey: keyContract({
    operationId: "apiKeys.rename",
    examples: { params: { keyId: 4182 }, body: { name: "Paris trip planner (staging)" } },
    method: "PATCH",
    path: "/api/developer/keys/{keyId}",
    summary: "Rename an API key",
    description:
      "Changes the key's label only; its secret, scopes and expiry stay. With an API key as the credential, it may rename only keys whose scopes it holds itself.",
    params: IntIdParam("keyId"),
    body: RenameApiKeyInput.meta({ id: "RenameDeveloperApiKey" }),
    audit: {
      action: "api_key.renamed",
      target: ({ params }) => `api_key:${params.keyId}`,
      summary: ({ body }) => ({ name: body.name }),
    },
    responses: {
      200: { description: "The renamed key", schema: ApiKeySchema },
      403: { description: "insufficient_scope: the calling key lacks a scope the target key holds" },
    },
  }),
  rollKey: keyContract({
    operationId: "apiKeys.roll",
    examples: { params: { keyId: 4182 }, body: { graceHours: 24 } },
    secret: true,
    method: "POST",
    path: "/api/developer/keys/{keyId}/roll",
    summary: "Roll an API key (new secret, old one valid for a grace period)",
    description:
      "Creates a new key with the same name, scopes and expiry and returns its full value once. The old secret keeps working for `graceHours` (default 24, 0 to 168; never past its own expiry), then is refused on every instance. " +
      "Deploy the new secret within the grace period; revoke the old key to end it early. An expired key cannot be rolled (409).",
    params: IntIdParam("keyId"),
    body: RollApiKeyInput.meta({ id: "RollDeveloperApiKey" }),
    audit: {
      action: "api_key.rolled",
      target: ({ data }) => `api_key:${data.id}`,
      summary: ({ params, data }) => ({ rolled_from: params.keyId, previous_expires_at: data.previousKey.expiresAt }),
    },
    bodyOptional: true,
    responses: {
      201: {
        description: "The new key, with its full value, and when the old one stops working",
        schema: CreatedApiKeySchema.extend({
          previousKey: z.object({
            id: z.number().int(),
            keyPrefix: z.string(),
            expiresAt: z.string().meta({ description: "When the old secret stops working" }),
          }),
        }).meta({ id: "RolledDeveloperApiKey" }),
      },
      403: { description: "insufficient_scope: the calling key lacks a scope the target key holds" },
      409: { description: "conflict: the key has expired" },
    },
  }),
  keyUsage: keyContract({
    operationId: "apiKeys.usage",
    examples: { params: { keyId: 4182 } },
    method: "GET",
    path: "/api/developer/keys/{keyId}/usage",
    summary: "An API key's usage by day",
    description:
      "Requests, billing units and failed calls (4xx/5xx) made with the key per UTC day over the request log's 7 days, oldest first, days without calls as zeros. The same rows as GET /v1/requests?key_id=…",
    params: IntIdParam("keyId"),
    responses: { 200: { description: "Seven days, oldest first", schema: KeyUsageSchema } },
  }),
  listTokens: tokenContract({
    operationId: "accessTokens.list",
    examples: {},
    method: "GET",
    path: "/api/developer/tokens",
    summary: "List your trip access tokens",
    responses: { 200: { description: "Array of tokens", schema: z.array(AccessTokenSchema) } },
  }),
  createToken: tokenContract({
    operationId: "accessTokens.create",
    examples: { body: { name: "Lisbon itinerary sync", expiresAt: "2027-06-30T23:59:59Z" } },
    secret: true,
    method: "POST",
    path: "/api/developer/tokens",
    audit: {
      action: "access_token.created",
      target: ({ data }) => `access_token:${data.id}`,
      summary: ({ data }) => ({ name: data.name, scopes: data.scopes, trip_ids: data.trip_ids }),
    },
    summary: "Create a trip access token",
    description:
      "Bearer token for /v1/trips endpoints and the MCP server (/api/mcp), acting as you. Default lifetime 90 days, at most one year. Returned once. With an API key as the credential, the key needs the `write` scope (a token can change trips). " +
      "For an agent, limit it: `trip_ids` (other trips answer 404) and `scopes` among trips:read, trips:propose, trips:write (default all three; a propose-only token reads and raises proposals but gets 403 insufficient_scope on ops).",
    auth: sessionOrApiKey("write"),
    body: CreateAccessTokenInput.meta({ id: "CreateAccessToken" }),
    bodyOptional: true,
    responses: {
      201: {
        description: "The token, with its full value",
        schema: AccessTokenSchema.omit({ lastUsedAt: true }).extend({
          token: z.string().meta({ pattern: "^sat_[0-9A-Za-z]{32}$", description: "The full token; shown only here" }),
        }),
      },
    },
  }),
  revokeToken: tokenContract({
    operationId: "accessTokens.revoke",
    examples: { params: { tokenId: 2741 } },
    method: "DELETE",
    path: "/api/developer/tokens/{tokenId}",
    audit: { action: "access_token.revoked", target: ({ params }) => `access_token:${params.tokenId}` },
    summary: "Revoke a trip access token",
    auth: sessionOrApiKey("write"),
    params: IntIdParam("tokenId"),
    responses: { 204: { description: "Revoked" } },
  }),
};
