/** Response shapes of /api/developer/visa-keys as the portal reads them (see lib/visa/contracts.ts). */
export interface VisaKeyRow {
  id: number;
  name: string;
  keyPrefix: string;
  hourlyLimit: number;
  createdAt: string;
  revokedAt: string | null;
  usage: { windowStart: string; used: number; remaining: number; resetAt: string };
}

export interface CreatedVisaKey {
  id: number;
  name: string;
  key: string;
  keyPrefix: string;
  hourlyLimit: number;
  createdAt: string;
}

export const VISA_KEYS_QUERY = ["visa-keys"] as const;
