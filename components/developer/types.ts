/** Response shapes of /api/developer/* as the portal reads them (see lib/auth/contracts.ts). */
export interface ApiKeyRow {
  id: number;
  name: string;
  keyPrefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export interface CreatedApiKey {
  id: number;
  name: string;
  key: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
}

export interface AccessTokenRow {
  id: number;
  name: string;
  tokenPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
}

export interface CreatedAccessToken extends Omit<AccessTokenRow, "lastUsedAt"> {
  token: string;
}

export const KEYS_QUERY = ["developer", "keys"] as const;
export const TOKENS_QUERY = ["developer", "tokens"] as const;
