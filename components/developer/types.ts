import type { paths, Schemas } from "@/lib/client/api-client";
/** Response shapes of /api/developer/*: the types generated from the OpenAPI document. */
export type ApiKeyRow = Schemas["DeveloperApiKey"];
export type CreatedApiKey = Schemas["CreatedDeveloperApiKey"];
export type AccessTokenRow = Schemas["AccessToken"];
export type CreatedAccessToken =
  paths["/api/developer/tokens"]["post"]["responses"][201]["content"]["application/json"];

export const KEYS_QUERY = ["developer", "keys"] as const;
export const TOKENS_QUERY = ["developer", "tokens"] as const;
