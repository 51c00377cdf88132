import { z } from "zod";
import { contract } from "@/lib/http/route";
import { API_KEY_SCOPES } from "./scopes";
import { sessionOrApiKey } from "./strategies";
import { CreateApiKeyInput } from "./api-keys";
import { CreateAccessTokenInput } from "./access-tokens";

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
    key: z.string().meta({ description: "The full key. Returned only in this response; store it now.", pattern: "^svc_[0-9A-Za-z]{32}$" }),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: "CreatedDeveloperApiKey" });

const AccessTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tokenPrefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: "AccessToken" });

// Ids are Postgres integers: a larger id names nothing (404), never a database error.
const IdParam = (name: string) => z.object({ [name]: z.coerce.number().int().positive().max(2147483647) });

export const keyContracts = {
  listKeys: contract({
    operationId: "apiKeys.list",
    method: "GET",
    path: "/api/developer/keys",
    summary: "List your API keys",
    description: "The calling user's keys that are not revoked. The full key value is never shown again after creation.",
    tags: ["Developer keys"],
    family: "api",
    auth: sessionOrApiKey(),
    responses: { 200: { description: "Array of keys", schema: z.array(ApiKeySchema) } },
  }),
  createKey: contract({
    operationId: "apiKeys.create",
    secret: true,
    method: "POST",
    path: "/api/developer/keys",
    summary: "Create an API key",
    description:
      "Returns the full key once. With an API key as the credential, the new key's scopes must be a subset of the caller's (no escalation).",
    tags: ["Developer keys"],
    family: "api",
    auth: sessionOrApiKey(),
    body: CreateApiKeyInput.meta({ id: "CreateDeveloperApiKey" }),
    responses: {
      201: { description: "The created key, with its full value", schema: CreatedApiKeySchema },
      403: { description: "insufficient_scope: an API key asked for scopes it does not hold" },
    },
  }),
  revokeKey: contract({
    operationId: "apiKeys.revoke",
    method: "DELETE",
    path: "/api/developer/keys/{keyId}",
    summary: "Revoke an API key",
    description:
      "Takes effect on the very next request made with the key. With an API key as the credential, it may revoke only keys whose scopes it holds itself.",
    tags: ["Developer keys"],
    family: "api",
    auth: sessionOrApiKey(),
    params: IdParam("keyId"),
    responses: { 204: { description: "Revoked" }, 403: { description: "insufficient_scope: the calling key lacks a scope the target key holds" } },
  }),
  listTokens: contract({
    operationId: "accessTokens.list",
    method: "GET",
    path: "/api/developer/tokens",
    summary: "List your trip access tokens",
    tags: ["Access tokens"],
    family: "api",
    auth: sessionOrApiKey(),
    responses: { 200: { description: "Array of tokens", schema: z.array(AccessTokenSchema) } },
  }),
  createToken: contract({
    operationId: "accessTokens.create",
    secret: true,
    method: "POST",
    path: "/api/developer/tokens",
    summary: "Create a trip access token",
    description:
      "Bearer token for /v1/trips endpoints, acting as you. Default lifetime 90 days, at most one year. Returned once. With an API key as the credential, the key needs the `write` scope (a token can change trips).",
    tags: ["Access tokens"],
    family: "api",
    auth: sessionOrApiKey("write"),
    body: CreateAccessTokenInput.meta({ id: "CreateAccessToken" }),
    bodyOptional: true,
    responses: {
      201: { description: "The token, with its full value", schema: AccessTokenSchema.omit({ lastUsedAt: true }).extend({ token: z.string().meta({ pattern: "^sat_[0-9A-Za-z]{32}$", description: "The full token; shown only here" }) }) },
    },
  }),
  revokeToken: contract({
    operationId: "accessTokens.revoke",
    method: "DELETE",
    path: "/api/developer/tokens/{tokenId}",
    summary: "Revoke a trip access token",
    tags: ["Access tokens"],
    family: "api",
    auth: sessionOrApiKey("write"),
    params: IdParam("tokenId"),
    responses: { 204: { description: "Revoked" } },
  }),
};
